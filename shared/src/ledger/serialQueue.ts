// Work that shares a key runs one piece at a time within this process, in
// call order; a failure does not stop the work queued behind it. Used where
// concurrent Firestore transactions on one document would only spend their
// time in contention retries (the transactions keep it exact across
// processes).
export type SerialQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function createSerialQueue(): SerialQueue {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    // Forget the key once its last piece of work is done, so the map stays small.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
