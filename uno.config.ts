import { defineConfig, presetWind3 } from 'unocss';

/**
 * Colours are CSS variables so a showcase's brand colour and the light/dark theme swap at
 * render time without a second stylesheet (see src/layouts/Shell.astro).
 */
export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      brand: 'var(--brand)',
      'brand-ink': 'var(--brand-ink)',
      bg: 'var(--bg)',
      surface: 'var(--surface)',
      ink: 'var(--ink)',
      muted: 'var(--muted)',
      line: 'var(--line)',
      focus: 'var(--focus)',
    },
    breakpoints: {
      xs: '500px',
      sm: '768px',
      md: '960px',
      lg: '1024px',
      xl: '1280px',
    },
  },
  shortcuts: {
    'focus-ring':
      'outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-focus focus-visible:outline-offset-2',
    btn:
      'focus-ring inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold ' +
      'cursor-pointer border border-line bg-surface text-ink hover:border-ink ' +
      'disabled:opacity-50 disabled:cursor-not-allowed',
    'btn-brand':
      'btn border-transparent bg-brand text-brand-ink hover:border-transparent hover:brightness-110',
    // Every dialog of the product: one frame, one padding, one title (SPEC §9 sets each width).
    'dialog-frame':
      'm-auto max-w-[calc(100vw-2rem)] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg ' +
      'border border-line bg-surface p-0 text-ink shadow-xl',
    'dialog-body': 'flex flex-col p-4',
    'dialog-title': 'm-0 text-lg font-bold',
    // A folder a row is dragged over (src/components/studio/folderDropElement.ts sets data-drop).
    'drop-target':
      'rounded-md data-[drop=over]:outline-2 data-[drop=over]:outline-dashed data-[drop=over]:outline-brand',
    'sr-only':
      'absolute w-px h-px p-0 -m-px overflow-hidden whitespace-nowrap border-0 [clip:rect(0,0,0,0)]',
  },
});
