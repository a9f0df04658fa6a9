// After a problem in the list selects its node, focus the field it is about in
// the node's configuration: the element marked with its param path, else the
// control labelled with the field's label, else the first control marked
// invalid, else the panel. Tried for a few frames: the panel renders the newly
// selected node after the click.
import { NODE_FIELDS, problemAtField } from '../fields';
import type { NodeType, WorkflowProblem } from '@agentflow/shared/workflow';
import type { Translate } from './problemText';

const CONTROL = 'input:not([type=hidden]), textarea, select, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusable(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  if (element.matches(CONTROL)) return element;
  return element.querySelector<HTMLElement>(CONTROL);
}

/** The field a problem of a node of `type` belongs to in the configuration panel, if it can be found. */
export function problemFieldElement(panel: HTMLElement, problem: WorkflowProblem, type: NodeType | undefined, t: Translate): HTMLElement | null {
  const path = problem.path;
  if (path) {
    // Longest marked path the problem lies under (e.g. 'tools.http.0.url' under 'tools').
    const marked = [...panel.querySelectorAll<HTMLElement>('[data-param-path]')]
      .filter((el) => problemAtField(problem, el.dataset.paramPath ?? ''))
      .sort((a, b) => (b.dataset.paramPath ?? '').length - (a.dataset.paramPath ?? '').length)[0];
    const fromMark = focusable(marked ?? null);
    if (fromMark) return fromMark;
    const spec = type ? NODE_FIELDS[type]?.find((field) => problemAtField(problem, field.path)) : undefined;
    if (spec) {
      const text = t(`workflows.builder.fields.${spec.label}`);
      const label = [...panel.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(text));
      const control = label?.htmlFor ? panel.ownerDocument.getElementById(label.htmlFor) : null;
      if (control instanceof HTMLElement) return control;
    }
    // App steps mark their fields with the param's key (params.<key>…).
    const key = path.replace(/^params\./, '').split('.')[0];
    const fromKey = focusable(key ? panel.querySelector(`[data-param="${key.replace(/["\\]/g, "\\$&")}"]`) : null);
    if (fromKey) return fromKey;
  }
  return focusable(panel.querySelector('[aria-invalid="true"]'));
}

/** Focuses the problem's field once the panel shows its node (a few frames at most). */
export function focusProblemField(problem: WorkflowProblem, type: NodeType | undefined, t: Translate, tries = 5): void {
  const attempt = (left: number) => {
    const panel = document.querySelector<HTMLElement>('[data-testid="config-panel"]');
    const target = panel ? problemFieldElement(panel, problem, type, t) : null;
    if (target) {
      target.focus();
      target.scrollIntoView?.({ block: 'center' });
      return;
    }
    if (left > 0) requestAnimationFrame(() => attempt(left - 1));
    else if (panel) {
      if (!panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
      panel.focus();
    }
  };
  requestAnimationFrame(() => attempt(tries));
}
