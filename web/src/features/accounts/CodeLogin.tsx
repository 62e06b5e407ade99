import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { limits } from '@hearth/contract/limits';
import { call } from '../../shared/api/client.ts';
import { hasCode } from '../../shared/api/errors.ts';
import { failSubmit, SubmitError } from '../../shared/form.tsx';
import { Notice } from '../../shared/ui/Status.tsx';
import { usePrefilledEmail } from './invitePreview.ts';
import { loginErrorText, useCompleteSignIn } from './signIn.ts';

/** The server sends one code a minute per email; this many seconds after a send, another is refused. */
const sendGapSeconds = 60;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const digitsOf = (typed: string) => typed.replace(/\D/g, '').slice(0, limits.codeLength);

type Fields = { email: string; code: string };

/** Two steps: the email (an email invite's filled in), then the 6-digit code with a countdown before a resend is allowed. */
export function CodeLogin({ invitedEmail }: { invitedEmail: string | null }) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const { register, control, handleSubmit, setValue, getValues, setError, clearErrors, formState: { errors, isSubmitting } } =
    useForm<Fields>({ defaultValues: { email: '', code: '' } });
  const [email, code] = useWatch({ control, name: ['email', 'code'] });
  usePrefilledEmail(invitedEmail, { getValues, setValue });
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  // When this page last had a code sent, and to which email: a re-request inside the minute is explained, not failed.
  const [lastSent, setLastSent] = useState<{ email: string; at: number } | null>(null);
  const complete = useCompleteSignIn();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = async (resend: boolean) => {
    const to = getValues('email');
    setSending(true);
    clearErrors('root');
    setInfo(null);
    try {
      await call(api.requestCode, { body: { email: to } });
      setLastSent({ email: to, at: Date.now() });
      setStep('code');
      setCountdown(limits.codeResendSeconds);
      setInfo(resend ? messages.codeResent : messages.codeRequested);
    } catch (err) {
      if (hasCode(err, 'RATE_LIMITED') && lastSent?.email === to) {
        const wait = Math.max(1, sendGapSeconds - Math.floor((Date.now() - lastSent.at) / 1000));
        setStep('code');
        setInfo(messages.codeJustSent(wait));
      } else {
        failSubmit(setError, resend ? messages.codeResendFailed : messages.codeRequestFailed);
      }
    } finally {
      setSending(false);
    }
  };

  const verify = async (fields: Fields) => {
    try {
      complete(await call(api.verifyCode, { body: fields }));
    } catch (err) {
      // One message at a time: the "code sent" notice gives way to the error.
      setInfo(null);
      failSubmit(setError, hasCode(err, 'ACCOUNT_PENDING') || hasCode(err, 'ACCOUNT_REJECTED') ? loginErrorText(err) : messages.codeInvalid);
    }
  };

  const back = () => {
    setStep('email');
    setValue('code', '');
    setCountdown(0);
    setInfo(null);
    clearErrors('root');
  };

  if (step === 'email') {
    return (
      <form className="stack" aria-label="Email Code Login" onSubmit={handleSubmit(() => send(false))}>
        <SubmitError errors={errors} />
        <label>Email<input type="email" autoComplete="email" required {...register('email')} /></label>
        <button type="submit" disabled={sending}>{sending ? 'Sending...' : 'Send Code'}</button>
      </form>
    );
  }
  const busy = sending || isSubmitting;
  return (
    <form className="stack" aria-label="Enter code" onSubmit={handleSubmit(verify)}>
      {info && <Notice kind="success">{info}</Notice>}
      <SubmitError errors={errors} />
      <p className="muted small">We sent a 6-digit code to {email}.</p>
      <label>Code
        <input inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={limits.codeLength}
          {...register('code', { onChange: (e: { target: { value: string } }) => setValue('code', digitsOf(e.target.value)) })} />
      </label>
      <button type="submit" disabled={busy || code.length !== limits.codeLength}>Verify Code</button>
      <div className="spread">
        <button type="button" className="link" onClick={back}>Back</button>
        <button type="button" className="secondary" disabled={busy || countdown > 0} onClick={() => void send(true)}>
          {countdown > 0 ? `Resend code in ${clock(countdown)}` : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
