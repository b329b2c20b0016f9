// The published allocation rule of a placement ("block trade", issue 17 item 4; docs/placements.md).
// Pure and deterministic, so the app and anyone reading the published requests get the same answer.
//
// - Every request is a whole number of lots. When the lots requested fit in the block, every
//   request is allocated in full.
// - Otherwise each request first gets floor(lots × offered / requested) lots (its pro-rata quota,
//   rounded down); the lots left over go one each to the requests with the largest remainders
//   (lots × offered mod requested), ties broken by the earlier subscription (the smaller id).
//   A request never gets more than it asked for, and the allocations never sum above the block.

export type PlacementRequest = { readonly id: string; readonly lots: number };

export type PlacementAllocation = {
  /** Lots allocated per subscription id (every id present, 0 when none). */
  readonly lotsAllocated: ReadonlyMap<string, number>;
  readonly lotsRequested: number;
  readonly lotsAllocatedTotal: number;
  readonly isOversubscribed: boolean;
};

const byId = (a: string, b: string) => {
  const left = BigInt(a);
  const right = BigInt(b);
  return left < right ? -1 : left > right ? 1 : 0;
};

export function allocatePlacement(
  lotsOffered: number,
  requests: readonly PlacementRequest[],
): PlacementAllocation {
  if (!Number.isSafeInteger(lotsOffered) || lotsOffered < 0)
    throw new Error('lotsOffered: a whole number ≥ 0');
  for (const request of requests) {
    if (!Number.isSafeInteger(request.lots) || request.lots <= 0) throw new Error('lots: a whole number > 0');
  }
  const requested = requests.reduce((sum, request) => sum + BigInt(request.lots), 0n);
  const offered = BigInt(lotsOffered);
  const lotsAllocated = new Map<string, number>();
  if (requested <= offered) {
    for (const request of requests) lotsAllocated.set(request.id, request.lots);
    return {
      lotsAllocated,
      lotsRequested: Number(requested),
      lotsAllocatedTotal: Number(requested),
      isOversubscribed: false,
    };
  }
  let given = 0n;
  const remainders: { id: string; remainder: bigint }[] = [];
  for (const request of requests) {
    const share = BigInt(request.lots) * offered;
    const quota = share / requested;
    given += quota;
    lotsAllocated.set(request.id, Number(quota));
    remainders.push({ id: request.id, remainder: share % requested });
  }
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? byId(a.id, b.id) : a.remainder > b.remainder ? -1 : 1,
  );
  // The fractional parts sum to exactly offered − given, each below 1: that many requests have a
  // remainder above 0, so the extra lot always goes to a request whose quota was rounded down.
  const left = Number(offered - given);
  for (const { id } of remainders.slice(0, left)) lotsAllocated.set(id, (lotsAllocated.get(id) ?? 0) + 1);
  return {
    lotsAllocated,
    lotsRequested: Number(requested),
    lotsAllocatedTotal: lotsOffered,
    isOversubscribed: true,
  };
}
