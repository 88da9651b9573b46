/**
 * A cap on work of one kind running at once in this process, in all and per owner (a person's id,
 * or a client's address bucket). Work past a share is refused at once rather than queued: a queue
 * would hold the requests' memory and sockets all the same, and one sender's flood would still
 * delay everyone behind it.
 */
export class Slots {
  private running = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly inAll: number;
  private readonly perOwner: number;

  constructor(inAll: number, perOwner: number) {
    this.inAll = inAll;
    this.perOwner = perOwner;
  }

  /**
   * A slot for `owner`, as the function that gives it back (call it once, when the work is done),
   * or which share is full: `owner` (theirs) or `all`.
   */
  take(owner: string): (() => void) | 'owner' | 'all' {
    const mine = this.byOwner.get(owner) ?? 0;
    if (mine >= this.perOwner) return 'owner';
    if (this.running >= this.inAll) return 'all';
    this.running++;
    this.byOwner.set(owner, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running--;
      const left = (this.byOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
    };
  }
}
