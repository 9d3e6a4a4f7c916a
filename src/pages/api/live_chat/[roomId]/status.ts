/** GET {apiUrl}/live_chat/{roomId}/status: the SPEC §7 call at the API base, the same answer as at the root. */
export { GET } from '../../../live_chat/[roomId]/status.ts';
