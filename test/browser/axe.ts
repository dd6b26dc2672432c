/**
 * Runs axe-core on an element (its shadow root included) and fails with a readable list of
 * violations. axe ships as a classic script, so it is loaded once with a script tag.
 */
interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}
interface Axe {
  run(context: Element, options?: Record<string, unknown>): Promise<AxeResult>;
}

let loading: Promise<Axe> | undefined;

function loadAxe(): Promise<Axe> {
  const w = window as unknown as { axe?: Axe };
  if (w.axe) return Promise.resolve(w.axe);
  loading ??= new Promise<Axe>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = new URL('/node_modules/axe-core/axe.min.js', location.href).href;
    s.onload = () => (w.axe ? resolve(w.axe) : reject(new Error('axe-core did not load')));
    s.onerror = () => reject(new Error('axe-core could not be fetched'));
    document.head.append(s);
  });
  return loading;
}

export async function expectNoAxeViolations(el: Element, options: Record<string, unknown> = {}): Promise<void> {
  const axe = await loadAxe();
  const result = await axe.run(el, { resultTypes: ['violations'], ...options });
  if (result.violations.length) {
    const lines = result.violations.map(
      (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
    throw new Error(`axe found ${result.violations.length} violation(s):\n${lines.join('\n')}`);
  }
}
