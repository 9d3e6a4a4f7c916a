/**
 * The theme toggle of published pages (THEME_SCRIPT, src/lib/staticPage.ts), which no server
 * answers: the choice is kept in the browser's storage and applied before the page paints, as
 * the 'theme' cookie is by the server. Loaded in the head, without defer, for that reason; its
 * few hundred bytes are the publication's only script of its own.
 */
export const THEME_SCRIPT_SOURCE = `(() => {
  const KEY = 'vitrine-theme';
  const root = document.documentElement;
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') root.dataset.theme = stored;
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.action.endsWith('/settings/theme')) return;
    const theme = event.submitter && event.submitter.value;
    if (theme !== 'light' && theme !== 'dark') return;
    event.preventDefault();
    localStorage.setItem(KEY, theme);
    root.dataset.theme = theme;
  });
})();
`;
