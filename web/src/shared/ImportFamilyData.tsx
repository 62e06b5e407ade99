import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { importFamilyData, type ImportSummary } from '@hearth/contract/family-data';
import { upload } from './api/client.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from './form.tsx';
import { paths } from './paths.ts';
import { Notice } from './ui/Status.tsx';

/** Founding a family from an export (issue 53). */
export const importTexts = {
  title: 'Import a family',
  explained: 'Moving from another Hearth server? Upload the .zip its "Export family data" made: a new family is made '
    + 'from it with you as its admin. Members without an account are added as they were; members with an account are '
    + 'invited again by email.',
  fileLabel: 'Family export (.zip)',
  chooseFile: 'Choose the .zip file to import.',
  submit: 'Import the family',
  importing: 'Importing…',
  failed: 'The import failed. Please try again.',
  done: (name: string) => `${name} has been imported. You are its admin.`,
  summaryLabel: 'What was imported',
  summary: (s: ImportSummary) => [
    `${s.members} members, ${s.invited} invited again by email`,
    `${s.lists} lists with ${s.items} items and ${s.comments} comments; ${s.recurringItems} recurring items`,
    `${s.recipes} recipes`,
    `${s.calendarEvents} calendar events`,
    `${s.locations} places with ${s.locationNotes} notes`,
  ],
  open: 'Open the family',
} as const;
const t = importTexts;

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
