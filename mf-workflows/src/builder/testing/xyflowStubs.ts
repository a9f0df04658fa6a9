// jsdom lacks what @xyflow/react measures with: ResizeObserver and DOMMatrixReadOnly.
class ResizeObserverStub {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, contentRect: { width: 800, height: 600 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
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
