// The whole-resolve budget (RESOLVE_BUDGET_MS): work gets a signal that aborts when the time is
// up, and the caller gets `onTimeout` at that moment whether or not the work has noticed.
export async function withinBudget<T>(budgetMs: number, work: (signal: AbortSignal) => Promise<T>, onTimeout: () => T): Promise<{ value: T; exhausted: boolean } | { error: unknown; exhausted: boolean }> {
  const budget = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const overBudget = new Promise<{ value: T; exhausted: boolean }>((resolve) => {
    timer = setTimeout(() => {
      budget.abort(new Error('resolve budget exhausted'));
      resolve({ value: onTimeout(), exhausted: true });
    }, Math.max(0, budgetMs));
  });
  try {
    const done = work(budget.signal).then((value) => ({ value, exhausted: false }));
    return await Promise.race([done, overBudget]);
  } catch (error) {
    return { error, exhausted: budget.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
}
