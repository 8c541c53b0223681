import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatRecoveryCode, type RecoveryCodes, type TwoFactorSetup } from '../../../../domain/admin/two-factor.ts';
import { t, tf, type MessageKey } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { FieldShell, inputClass } from '../../../../components/ui/Field.tsx';
import { buttonClass, LoadState, primaryButtonClass } from '../../ui.tsx';
import { $twoFactorStatus, refreshTwoFactorStatus } from '../../use-two-factor-gate.ts';
import { QrCode } from './QrCode.tsx';

/**
 * The admin's own second factor (product decision 24): enrol with an authenticator app (QR code or the key
 * typed in), keep the recovery codes shown once, renew them, or turn the factor off.
 */
export default function SecuritySection() {
  const status = useStore($twoFactorStatus);
  const [setup, setSetup] = useState<TwoFactorSetup | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<MessageKey | undefined>();

  useEffect(() => {
    refreshTwoFactorStatus().catch((error: unknown) => setLoadError(errorKeyOf(error)));
  }, []);

  const call = async <T,>(path: string, body: object | undefined, done: (data: T) => void, event?: MessageKey) => {
    setBusy(true);
    try {
      const reply = await api<{ data: T }>(path, { method: 'POST', body: body ?? {} });
      done(reply.data);
      if (event) showEvent(event);
      await refreshTwoFactorStatus();
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} />;

  return (
    <LoadState loading={!status && !loadError} error={loadError}>
      {status && (
        <div className="max-w-xl space-y-4 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
          <h2 className="text-lg text-brand-800">{t('admin.security.title')}</h2>
          {status.enabled ? (
            <>
              <p className="text-sm">{t('admin.security.enabled')}</p>
              <p className="text-sm">{tf('admin.security.codesLeft', { count: status.recoveryCodesLeft })}</p>
              <CodeForm
                busy={busy}
                actions={[
                  { label: t('admin.security.regenerate'), primary: true, run: (code) => call<RecoveryCodes>('/v2/admin/two-factor/recovery-codes', { code }, (data) => setCodes(data.recoveryCodes), 'recoveryCodesRegenerated') },
                  ...(status.required ? [] : [{ label: t('admin.security.disable'), run: (code: string) => call('/v2/admin/two-factor/disable', { code }, () => undefined, 'twoFactorDisabled') }]),
                ]}
              />
            </>
          ) : setup ? (
            <>
              <ol className="list-decimal space-y-2 pl-5 text-sm">
                <li>{t('admin.security.step1')}</li>
                <li>{t('admin.security.step2')}</li>
              </ol>
              <QrCode value={setup.uri} label={t('admin.security.qr')} />
              <p className="text-sm">
                {t('admin.security.manualKey')}
                <code className="mt-1 block rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all">{setup.secret.match(/.{1,4}/g)?.join(' ')}</code>
              </p>
              <CodeForm
                busy={busy}
                totpOnly
                actions={[
                  {
                    label: t('admin.security.enable'),
                    primary: true,
                    run: (code) =>
                      call<RecoveryCodes>(
                        '/v2/admin/two-factor/confirm',
                        { code },
                        (data) => {
                          setSetup(undefined);
                          setCodes(data.recoveryCodes);
                        },
                        'twoFactorEnabled',
                      ),
                  },
                ]}
              />
            </>
          ) : (
            <>
              <p className="text-sm">{t('admin.security.disabled')}</p>
              <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void call<TwoFactorSetup>('/v2/admin/two-factor/setup', undefined, setSetup)}>
                {t('admin.security.start')}
              </button>
            </>
          )}
        </div>
      )}
    </LoadState>
  );
}

interface CodeAction {
  label: string;
  primary?: boolean;
  run: (code: string) => Promise<void>;
}

/** A code from the app (or a recovery code), and the buttons that use it. */
function CodeForm({ actions, busy, totpOnly = false }: { actions: CodeAction[]; busy: boolean; totpOnly?: boolean }) {
  const id = useId();
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void actions[0]!.run(code).then(() => setCode(''));
      }}
      className="space-y-2"
    >
      <FieldShell id={id} label={t('admin.security.code')} hint={t(totpOnly ? 'admin.security.codeHintApp' : 'admin.security.codeHint')}>
        <input
          id={id}
          className={`${inputClass} max-w-xs font-mono tracking-widest`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode={totpOnly ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          aria-describedby={`${id}-hint`}
          maxLength={16}
        />
      </FieldShell>
      <div className="flex flex-wrap gap-3">
        {actions.map((action, index) => (
          <button
            key={action.label}
            type={index === 0 ? 'submit' : 'button'}
            className={action.primary ? primaryButtonClass : buttonClass}
            disabled={busy || code.trim() === ''}
            onClick={index === 0 ? undefined : () => void action.run(code).then(() => setCode(''))}
          >
            {action.label}
          </button>
        ))}
      </div>
    </form>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="max-w-xl space-y-4 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
      <h2 className="text-lg text-brand-800">{t('admin.security.codesTitle')}</h2>
      <p role="alert" className="rounded-lg bg-accent-400/20 px-4 py-3 text-sm font-medium">
        {t('admin.security.codesOnce')}
      </p>
      <ul aria-label={t('admin.security.codesTitle')} className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-1.5 text-center">
            {formatRecoveryCode(code)}
          </li>
        ))}
      </ul>
      <button type="button" className={primaryButtonClass} onClick={onDone}>
        {t('admin.security.codesSaved')}
      </button>
    </div>
  );
}
