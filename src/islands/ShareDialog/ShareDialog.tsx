/**
 * The share dialog (SPEC §2, §4, §5, §7): the link to copy, the embed code of the showcase
 * or this video in a chosen size, and sharing by e-mail behind a captcha. Closed, it is a link
 * to the share page (/showcase/{albumId}/share), which is what a viewer without JavaScript
 * follows; the server writes that link itself (ShareButton.astro, the same markup), and once
 * hydrated the link opens this modal instead. A native modal <dialog> keeps focus inside and
 * closes on Escape; focus returns to the opener.
 * Send is pressable only with a passed captcha and at least one valid e-mail; success
 * closes the dialog and starts it afresh, failure keeps it open under a toast.
 */
import ky from 'ky';
import { useEffect, useRef, useState } from 'react';
import { EMBED_SIZES, embedCode, type EmbedSize } from '../../lib/embedCode.ts';
import { joinEmails, type EmailChip } from '../../lib/emailChips.ts';
import { canSend, messageExcess, SHARE_MESSAGE_MAX } from '../../lib/shareMessage.ts';
import { SHARE_ACTION } from '../../lib/shareRequest.ts';
import CaptchaField from './CaptchaField.tsx';
import EmailChips from './EmailChips.tsx';
import { fillPlural } from '../../lib/pluralMessage.ts';
import { fill, type ShareStrings } from './shareStrings.ts';

export interface ShareEmbed {
  key: 'showcase' | 'video';
  label: string;
  src: string;
  title: string;
}

interface ShareUpgrade {
  title: string;
  body: string;
  action: string;
  href: string;
}

export interface ShareDialogProps {
  /** Unique on the page. */
  id: string;
  /** The share page: where the opener leads without JavaScript. */
  shareHref: string;
  buttonClass: string;
  buttonLabel: string;
  link: string;
  embeds: ShareEmbed[];
  /** POST /showcase/{albumId}/send_message, in the viewer's language. */
  sendUrl: string;
  challengeUrl: string;
  viewerUrl: string;
  language: string;
  /** SPEC §6: owners of a customised showcase on a plan without customisation. */
  upgrade: ShareUpgrade | null;
  strings: ShareStrings;
}

type Notice = 'sent' | 'outbox' | null;

function useCopy(): [string | null, (what: string, text: string) => void] {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (what: string, text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(what),
      (error: unknown) => console.error('Vitrine: could not copy', error),
    );
  };
  return [copied, copy];
}

export default function ShareDialog(props: ShareDialogProps) {
  const { shareHref, buttonClass, buttonLabel, strings } = props;
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const opener = useRef<HTMLAnchorElement>(null);

  const wasOpen = useRef(false);
  // Focus goes back to the opener once the modal is gone (while it is open, the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = (sent: Notice) => {
    setOpen(false);
    setNotice(sent);
  };

  return (
    <>
      <a
        ref={opener}
        href={shareHref}
        className={buttonClass}
        aria-haspopup="dialog"
        data-testid="share-button"
        onClick={(event) => {
          event.preventDefault();
          setNotice(null);
          setOpen(true);
        }}
      >
        {buttonLabel}
      </a>
      {/* The live region exists from the first opening, before anything is sent, so the confirmation is announced. */}
      {(open || notice) && (
        <span
          role="status"
          className={
            notice
              ? 'fixed bottom-4 left-1/2 z-[9991] -translate-x-1/2 rounded-md bg-ink px-4 py-2 text-bg shadow-lg'
              : 'sr-only'
          }
        >
          {notice === 'sent' ? strings.sent : notice === 'outbox' ? strings.sentToOutbox : ''}
        </span>
      )}
      {open && <Dialog {...props} onClose={close} />}
    </>
  );
}

function Dialog({
  id,
  link,
  embeds,
  sendUrl,
  challengeUrl,
  viewerUrl,
  language,
  upgrade,
  strings,
  onClose,
}: ShareDialogProps & { onClose: (sent: Notice) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, copy] = useCopy();
  const [embedKey, setEmbedKey] = useState(embeds[0]?.key ?? 'showcase');
  const [size, setSize] = useState<EmbedSize>('responsive');
  const [chips, setChips] = useState<EmailChip[]>([]);
  const [message, setMessage] = useState('');
  const [solution, setSolution] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const token = useRef<Promise<string> | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    token.current = ky
      .get(viewerUrl, { timeout: 10_000 })
      .json<{ xsrft: string }>()
      .then((viewer) => viewer.xsrft);
    token.current.catch((error: unknown) => console.error('Vitrine: no token for sharing', error));
  }, [viewerUrl]);

  const embed = embeds.find((e) => e.key === embedKey) ?? embeds[0];
  const code = embed ? embedCode({ src: embed.src, title: embed.title, size }) : '';
  const excess = messageExcess(message);
  const ready = canSend({ chips, captchaPassed: solution !== null, message }) && !sending;

  async function send() {
    if (!ready || !solution) return;
    setSending(true);
    setFailure(null);
    try {
      const xsrft = await token.current!;
      const reply = await ky.post(sendUrl, {
        json: {
          user_emails: joinEmails(chips),
          message,
          'g-recaptcha-response': solution,
          token: xsrft,
          action: SHARE_ACTION,
        },
        headers: { 'X-XSRF-Token': xsrft, 'X-Requested-With': 'XMLHttpRequest' },
        timeout: 30_000,
        retry: 0,
        throwHttpErrors: false,
      });
      if (reply.ok) {
        // Closing unmounts the dialog: it opens next time without e-mails, message or captcha.
        const { delivery } = await reply.json<{ delivery: 'smtp' | 'outbox' }>();
        onClose(delivery === 'outbox' ? 'outbox' : 'sent');
        return;
      }
      const body = await reply
        .json<{ message?: string }>()
        .catch(() => ({}) as { message?: string });
      // A refused request says why; a mail that could not go out has only the toast.
      setFailure({
        detail: reply.status === 400 || reply.status === 429 ? (body.message ?? null) : null,
      });
      // The captcha was spent or refused: a new one is needed either way.
      setGeneration((g) => g + 1);
    } catch (error) {
      console.error('Vitrine: sharing failed', error);
      setFailure({ detail: null });
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      className="dialog-frame w-[660px]"
      onCancel={(event) => {
        event.preventDefault();
        onClose(null);
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose(null);
      }}
    >
      <div className="dialog-body gap-4">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="dialog-title">
            {strings.dialogTitle}
          </h2>
          <button
            type="button"
            className="btn px-2 py-1"
            aria-label={strings.close}
            onClick={() => onClose(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>

        {failure && (
          <div
            role="alert"
            className="rounded-md border border-[var(--danger)] p-3 text-sm"
            data-testid="share-toast"
          >
            <p className="m-0 font-semibold">{strings.failed}</p>
            {failure.detail && <p className="m-0 mt-1">{failure.detail}</p>}
          </div>
        )}

        {upgrade && (
          <aside className="rounded-md border border-line p-3">
            <p className="m-0 font-semibold">{upgrade.title}</p>
            <p className="m-0 mt-1 text-sm text-muted">{upgrade.body}</p>
            <a className="btn-brand mt-2 py-1.5 text-sm no-underline" href={upgrade.href}>
              {upgrade.action}
            </a>
          </aside>
        )}

        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-link-input`} className="text-sm font-semibold">
            {strings.link}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-link-input`}
              readOnly
              value={link}
              className="focus-ring min-w-0 flex-1 rounded-md border border-line bg-bg p-2 text-sm text-ink"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn py-1.5 text-sm" onClick={() => copy('link', link)}>
              {strings.copyLink}
            </button>
          </div>
          <p aria-live="polite" className="m-0 min-h-5 text-sm">
            {copied === 'link' ? strings.linkCopied : ''}
          </p>
        </div>

        <section className="flex flex-col gap-2" aria-labelledby={`${id}-embed`}>
          <h3 id={`${id}-embed`} className="m-0 text-sm font-semibold">
            {strings.embed}
          </h3>
          <div className="flex flex-wrap gap-4">
            {embeds.length > 1 && (
              <label className="flex flex-col gap-1 text-sm">
                {strings.embedWhat}
                <select
                  className="focus-ring rounded-md border border-line bg-bg p-1.5 text-ink"
                  value={embedKey}
                  onChange={(event) => setEmbedKey(event.currentTarget.value as ShareEmbed['key'])}
                >
                  {embeds.map((e) => (
                    <option key={e.key} value={e.key}>
                      {e.label}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="flex flex-col gap-1 text-sm">
              {strings.embedSize}
              <select
                className="focus-ring rounded-md border border-line bg-bg p-1.5 text-ink"
                value={size}
                onChange={(event) => setSize(event.currentTarget.value as EmbedSize)}
              >
                {EMBED_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {strings.sizes[s]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label htmlFor={`${id}-embed-code`} className="sr-only">
            {strings.embedCode}
          </label>
          <textarea
            id={`${id}-embed-code`}
            readOnly
            rows={3}
            value={code}
            className="focus-ring w-full resize-none rounded-md border border-line bg-bg p-2 font-mono text-xs text-ink"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="btn py-1.5 text-sm"
              onClick={() => copy('embed', code)}
            >
              {strings.copyEmbed}
            </button>
            <p aria-live="polite" className="m-0 text-sm">
              {copied === 'embed' ? strings.embedCopied : ''}
            </p>
          </div>
        </section>

        <section className="flex flex-col gap-3" aria-labelledby={`${id}-email`}>
          <h3 id={`${id}-email`} className="m-0 text-sm font-semibold">
            {strings.sendEmail}
          </h3>
          <EmailChips id={id} chips={chips} onChange={setChips} strings={strings} />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-message`} className="text-sm font-semibold">
              {strings.messageLabel}
            </label>
            <textarea
              id={`${id}-message`}
              rows={3}
              value={message}
              aria-describedby={`${id}-message-limit`}
              aria-invalid={excess > 0 || undefined}
              className="focus-ring w-full rounded-md border border-line bg-bg p-2 text-ink"
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            <p
              id={`${id}-message-limit`}
              className={`m-0 text-xs ${excess > 0 ? 'font-semibold text-[var(--danger)]' : 'text-muted'}`}
              data-testid="share-message-count"
            >
              {excess > 0
                ? fillPlural(strings.charactersOver, excess)
                : fill(strings.messageLimit, { max: SHARE_MESSAGE_MAX })}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{strings.captcha}</span>
            <CaptchaField
              challengeUrl={challengeUrl}
              language={language}
              strings={strings.widget}
              generation={generation}
              onSolution={setSolution}
            />
          </div>
          <div>
            <button type="button" className="btn-brand" disabled={!ready} onClick={send}>
              {sending ? strings.sending : strings.send}
            </button>
          </div>
        </section>
      </div>
    </dialog>
  );
}
