/// <reference types="astro/client" />

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates on first interaction, or after a delay (src/islands/interactionDirective.ts). */
    'client:interaction'?: import('./islands/interactionDirective.ts').InteractionOptions | boolean;
  }
}

declare namespace App {
  interface Locals {
    /** Locale of this request: from the URL prefix, else negotiated (src/middleware.ts). */
    locale: import('./lib/domain.ts').Locale;
    /** The path without its locale prefix, for building localized links. */
    path: string;
    /** The request's translator: keys are typed from the English catalogue (src/lib/translationKeys.ts). */
    t: import('./lib/translationKeys.ts').Translate;
    /** 'auto' follows prefers-color-scheme until the viewer picks one. */
    theme: 'auto' | 'light' | 'dark';
    /** Double-submit CSRF token (xsrft), rendered into every state-changing form. */
    csrfToken: string;
    geo: { country: string | undefined; region: string | undefined };
    /** The law that applies to this viewer: legal links, the mature filter, the age gate (src/lib/legalRegime.ts). */
    legal: import('./lib/legalRegime.ts').LegalRegime;
    /** The viewer's mature-content filter: the account's when signed in, else the cookie's. */
    ratingSelection: import('./lib/footerPreferences.ts').RatingSelection;
    /** The signed-in viewer and their session's CSRF token; null for anonymous viewers. */
    viewer: import('./server/auth/sessions.ts').ActiveSession | null;
    /**
     * The signed-in viewer's account for the top bar (teams, quota, cart); null when anonymous.
     * Unset on an error screen the session step did not reach.
     */
    accountContext?: () => Promise<
      import('./server/teams/accountContext.ts').AccountContext | null
    >;
    /**
     * The user a valid bearer JWT names (SPEC §7 API calls). Such a request is authenticated
     * by the token alone: the session cookie does not ride along, and no CSRF token is asked.
     */
    bearerUserId: number | null;
    /** The scopes of that bearer token: null for the site's own JWT (all), a list for an integration's token. */
    bearerScopes: import('./lib/apiScopes.ts').ApiScope[] | null;
    /** The frame-ancestors sources an embed page chose (src/server/showcases/embedding.ts); unset means any site. */
    frameAncestors?: string;
    /** A studio page's account, abilities and record (src/server/studio/studioRoute.ts). */
    studio?: import('./server/studio/studioRoute.ts').StudioRoute;
    /** The page's body is the same for every signed-in viewer of its class (src/server/showcases/sharedBodies.ts). */
    bodyShared?: boolean;
  }
}
