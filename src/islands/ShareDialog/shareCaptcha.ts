/**
 * The captcha of the share page's e-mail form (/showcase/{albumId}/share), made when someone
 * first reaches for the form (lazyLoader.ts): the ALTCHA widget, only once its words are
 * registered, in the viewer's language.
 */
import { provideLazy } from '../provideLazy.ts';

provideLazy('share-captcha', (form) => {
  const slot = form.querySelector<HTMLElement>('[data-captcha-slot]');
  if (!slot) return;
  void import('./altchaWidget.ts').then(async ({ prepareAltcha }) => {
    const language = slot.dataset['language'] ?? 'en';
    await prepareAltcha(
      language,
      JSON.parse(slot.dataset['strings'] ?? '{}') as Record<string, string>,
    );
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', slot.dataset['challenge'] ?? '');
    widget.setAttribute('name', 'g-recaptcha-response');
    widget.setAttribute('language', language);
    widget.setAttribute('hidefooter', '');
    slot.replaceChildren(widget);
    // With a script the captcha works for anyone: the note for viewers without one goes.
    form.querySelector('[data-no-script-note]')?.remove();
  });
});
