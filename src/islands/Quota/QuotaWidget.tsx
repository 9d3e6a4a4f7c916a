/**
 * The storage pill of the top bar and its popover (SPEC §2 "Quota popover with progress
 * bar", §4 "Quota mood"). The server decides mood, bounce, bar and words; this island only
 * answers clicks: in safe a click toggles the popover, in warn or limit the first click
 * opens the upgrade modal and later clicks toggle the popover.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { QuotaMood } from '../../lib/quotaMood.ts';

interface QuotaWidgetStrings {
  /** Accessible name of the pill: 'Upload quota: 3 of 10 videos'. */
  pillLabel: string;
  /** Popover heading: 'Upload quota'. */
  title: string;
  /** 'Weekly allowance', 'Total allowance'… by the period rules of SPEC §9. */
  periodCaption: string;
  /** '3 of 10 videos', '2.4 GB of 20 GB'. */
  amount: string;
  /** The bar's label: 'Quota used: 30%'. */
  progress: string;
  /** The SPEC §8 quota message, or null in safe. */
  message: string | null;
  upgrade: string;
}

interface UpgradeModalStrings {
  /** The video limit for a count quota, the storage line for a size quota (SPEC §8). */
  title: string;
  /** 'To get more videos, upgrade your account'; null for a size quota, whose title says it all. */
  body: string | null;
  upgrade: string;
  notNow: string;
}

export interface QuotaWidgetProps {
  mood: QuotaMood;
  /** SPEC §4: bounce in warn/limit, and in safe between two thirds and three quarters. */
  bounce: boolean;
  /** Bar width, 0–100. */
  percent: number;
  upgradeHref: string;
  strings: QuotaWidgetStrings;
  /** The modal the first click opens; absent in safe. */
  upgradeModal?: UpgradeModalStrings | undefined;
}

/** A few bounces to catch the eye, then still: a pill that never stops would nag (and never settle under a pointer). */
const BOUNCES = 3;

const MOOD_DOT: Record<QuotaMood, string> = {
  safe: 'bg-[#0f7b3f]',
  warn: 'bg-[#b45309]',
  limit: 'bg-[#b91c1c]',
};

export default function QuotaWidget({
  mood,
  bounce,
  percent,
  upgradeHref,
  strings,
  upgradeModal,
}: QuotaWidgetProps) {
  const [open, setOpen] = useState(false);
  const [modalShown, setModalShown] = useState(false);
  const pill = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !pill.current?.contains(target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      pill.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  function onPillClick() {
    if (upgradeModal && !modalShown) {
      setModalShown(true);
      setOpen(false);
      dialog.current?.showModal();
      return;
    }
    setOpen((was) => !was);
  }

  const opensModal = upgradeModal !== undefined && !modalShown;

  return (
    // On a phone the pill is only its mood's dot, and the popover opens under the whole top bar.
    <div className="sm:relative" data-mood={mood}>
      <button
        ref={pill}
        type="button"
        className={[
          'focus-ring flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1',
          'text-sm font-semibold text-ink cursor-pointer hover:border-ink',
          'max-sm:h-8 max-sm:w-8 max-sm:justify-center max-sm:px-0',
          bounce ? 'motion-safe:animate-bounce' : '',
        ].join(' ')}
        aria-label={strings.pillLabel}
        aria-haspopup={opensModal ? 'dialog' : undefined}
        aria-expanded={opensModal ? undefined : open}
        aria-controls={opensModal ? undefined : `${id}-popover`}
        data-bounce={bounce ? 'true' : 'false'}
        style={bounce ? { animationIterationCount: BOUNCES } : undefined}
        onClick={onPillClick}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-2 w-2 rounded-full ${MOOD_DOT[mood]}`}
        />
        <span aria-hidden="true" className="max-sm:hidden">
          {strings.amount}
        </span>
      </button>

      <div
        ref={popover}
        id={`${id}-popover`}
        role="region"
        aria-labelledby={`${id}-title`}
        hidden={!open}
        data-state={open ? 'open' : 'closed'}
        className="absolute right-4 top-full z-[9990] mt-2 w-[322px] sm:right-0 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-surface p-4 text-ink shadow-lg"
      >
        <p id={`${id}-title`} className="m-0 font-bold">
          {strings.title}
        </p>
        <p className="m-0 mt-1 text-sm text-muted">{strings.periodCaption}</p>
        <div
          role="progressbar"
          aria-label={strings.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-3 h-2 w-full overflow-hidden rounded-full bg-line"
        >
          <div
            className={`h-full rounded-full ${MOOD_DOT[mood]}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="m-0 mt-2 text-sm">{strings.amount}</p>
        {strings.message && <p className="m-0 mt-2 text-sm font-semibold">{strings.message}</p>}
        <a className="btn-brand mt-3 py-1.5 text-sm no-underline" href={upgradeHref}>
          {strings.upgrade}
        </a>
      </div>

      {upgradeModal && (
        <dialog
          ref={dialog}
          aria-labelledby={`${id}-modal-title`}
          aria-describedby={upgradeModal.body ? `${id}-modal-body` : undefined}
          className="dialog-frame w-[440px]"
        >
          <div className="dialog-body gap-3">
            <h2 id={`${id}-modal-title`} className="dialog-title">
              {upgradeModal.title}
            </h2>
            {upgradeModal.body && (
              <p id={`${id}-modal-body`} className="m-0">
                {upgradeModal.body}
              </p>
            )}
            <form method="dialog" className="flex flex-wrap justify-end gap-2">
              <button type="submit" className="btn py-1.5" autoFocus>
                {upgradeModal.notNow}
              </button>
              <a className="btn-brand py-1.5 no-underline" href={upgradeHref}>
                {upgradeModal.upgrade}
              </a>
            </form>
          </div>
        </dialog>
      )}
    </div>
  );
}
