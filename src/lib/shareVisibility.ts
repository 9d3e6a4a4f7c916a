/**
 * Whether a showcase offers sharing to this viewer (SPEC §5): not when the owner turned
 * sharing off, not on the showcase's own domain, and not for a password-protected showcase
 * unless the viewer is its owner (or an admin of the owner's team). The share button, the
 * dialog, the share page and the send route all ask here.
 */
export interface ShareFacts {
  allowShare: boolean;
  /** The showcase's own domain, when it has one. */
  domain: string | null;
  privacyView: string;
  viewerIsOwner: boolean;
}

export function shareOffered({
  allowShare,
  domain,
  privacyView,
  viewerIsOwner,
}: ShareFacts): boolean {
  if (!allowShare || (domain !== null && domain !== '')) return false;
  return privacyView !== 'password' || viewerIsOwner;
}
