/**
 * Which stock buttons a viewer gets for a clip (SPEC §5): Add to cart for any clip that is
 * not free; Add to account for a signed-in, non-basic account eligible for free stock.
 */
export interface StockBuyer {
  membershipType: string;
  canReceiveFreeStock: boolean;
}

export interface StockActions {
  addToCart: boolean;
  addToAccount: boolean;
}

export function canAddToAccount(buyer: StockBuyer | null): boolean {
  return buyer !== null && buyer.membershipType !== 'basic' && buyer.canReceiveFreeStock;
}

export function stockActions(isFree: boolean, buyer: StockBuyer | null): StockActions {
  return { addToCart: !isFree, addToAccount: canAddToAccount(buyer) };
}
