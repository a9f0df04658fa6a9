// jsdom lacks what @xyflow/react measures with: ResizeObserver and DOMMatrixReadOnly.
// Like a browser's, the stub reports a size after the commit that observed it
// (a node observes itself before React Flow knows its viewport, so a report
// made inside observe() would be dropped and the node never shown).
class ResizeObserverStub {
  private observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.observed.add(target);
    setTimeout(() => {
      if (this.observed.has(target)) this.callback([{ target, contentRect: { width: 800, height: 600 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }, 0);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
}

class DOMMatrixStub {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.]+)\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

export function installXyflowStubs(): void {
  const g = globalThis as Record<string, unknown>;
  g.ResizeObserver ??= ResizeObserverStub;
  g.DOMMatrixReadOnly ??= DOMMatrixStub;
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get() { return 80; } },
    offsetWidth: { configurable: true, get() { return 180; } },
  });
  (SVGElement.prototype as unknown as { getBBox: () => object }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 });
}
