/**
 * The captcha of the share dialog: ALTCHA's widget solving a proof of work for a challenge
 * from this server. Reports the solution when verified, and null again once it expires or
 * fails, so Send follows (SPEC §4: an expired captcha disables Send).
 */
import { useEffect, useRef, useState } from 'react';
import type { ShareStrings } from './shareStrings.ts';

interface CaptchaFieldProps {
  challengeUrl: string;
  language: string;
  strings: ShareStrings['widget'];
  /** Bumped to start over with a fresh challenge (after a send). */
  generation: number;
  onSolution: (payload: string | null) => void;
}

interface StateChange {
  state: string;
  payload?: string;
}

export default function CaptchaField({
  challengeUrl,
  language,
  strings,
  generation,
  onSolution,
}: CaptchaFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const report = useRef(onSolution);
  report.current = onSolution;

  useEffect(() => {
    let cancelled = false;
    import('./altchaWidget.ts')
      .then(({ prepareAltcha }) =>
        prepareAltcha(language, {
          label: strings.label,
          verifying: strings.verifying,
          verified: strings.verified,
          error: strings.error,
          expired: strings.expired,
          verificationRequired: strings.label,
        }),
      )
      .then(
        () => {
          if (!cancelled) setReady(true);
        },
        (error: unknown) => console.error('Vitrine: the captcha could not load', error),
      );
    return () => {
      cancelled = true;
    };
  }, [language, strings]);

  useEffect(() => {
    const element = host.current;
    if (!ready || !element) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', challengeUrl);
    widget.setAttribute('language', language);
    widget.setAttribute('hidefooter', '');
    widget.setAttribute('name', 'g-recaptcha-response');
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      report.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onChange);
    element.replaceChildren(widget);
    return () => {
      widget.removeEventListener('statechange', onChange);
      widget.remove();
      report.current(null);
    };
  }, [ready, challengeUrl, language, generation]);

  return <div ref={host} className="min-h-14" data-testid="share-captcha" />;
}
