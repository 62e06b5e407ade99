import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { importFamilyData, type ImportSummary } from '@hearth/contract/family-data';
import { upload } from './api/client.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from './form.tsx';
import { paths } from './paths.ts';
import { importTexts as t } from './importTexts.ts';
import { Notice } from './ui/Status.tsx';


/**
 * A signed-in user without a family founds one from a Hearth family export (issue 53) and becomes its admin; the
 * server's summary is shown. Offered where such a user lands (the newsfeed) and on the Account page, so shared.
 */
export function ImportFamilyData() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<{ archive: FileList | null }>({
    defaultValues: { archive: null },
  });
  const submit = async ({ archive }: { archive: FileList | null }) => {
    const file = archive?.[0];
    if (!file) return;
    try {
      // Browsers name a zip's type differently (or not at all); the server reads the bytes, not the name.
      const done = await upload(importFamilyData, { params: {}, file: new Blob([file], { type: 'application/zip' }) });
      setSummary(done);
    } catch (error) {
      failSubmit(setError, error instanceof Error && error.message ? error.message : t.failed);
    }
  };

  if (summary) {
    return (
      <section className="card stack" aria-labelledby="import-family-heading">
        <h2 id="import-family-heading">{t.title}</h2>
        <Notice kind="success">{t.done(summary.familyName)}</Notice>
        <ul aria-label={t.summaryLabel}>
          {t.summary(summary).map((line) => <li key={line}>{line}</li>)}
        </ul>
        {/* The user has a family now: every cached answer (their /api/me first) is read again when they go to it,
            not before, since this card (shown to users without a family) would go with the summary. */}
        <div><button type="button" onClick={() => void queryClient.invalidateQueries().then(() => navigate(paths.newsfeed))}>
          {t.open}
        </button></div>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="import-family-heading">
      <h2 id="import-family-heading">{t.title}</h2>
      <p>{t.explained}</p>
      <form className="stack" noValidate onSubmit={handleSubmit(submit)} onChange={() => clearErrors('root')}>
        <label>
          {t.fileLabel}
          <input type="file" accept=".zip,application/zip" aria-invalid={invalidIf(errors.archive)}
            {...register('archive', { validate: (files) => (files?.length ?? 0) > 0 || t.chooseFile })} />
          <FieldError error={errors.archive} />
        </label>
        <SubmitError errors={errors} />
        <div><button type="submit" disabled={isSubmitting}>{isSubmitting ? t.importing : t.submit}</button></div>
      </form>
    </section>
  );
}
