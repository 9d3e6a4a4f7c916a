/** The port of the e2e server's API origin (playwright.config.ts passes it as API_PORT), where tests read the API with Vimeo's own client. */
export const API_PORT = Number(process.env['E2E_API_PORT'] ?? 4464);
