// A light toast (the API client's 2 s message) without pulling a component library into the first
// load. One toast at a time; announced to screen readers through a polite live region.

let current: { element: HTMLElement; timer: number } | null = null;

export function showToast(message: string, durationMs = 2_000): void {
  if (current) {
    window.clearTimeout(current.timer);
    current.element.remove();
  }
  const element = document.createElement('div');
  element.className = 'toast';
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  element.dataset.testid = 'toast';
  element.textContent = message;
  document.body.append(element);
  const timer = window.setTimeout(() => {
    element.remove();
    if (current?.element === element) current = null;
  }, durationMs);
  current = { element, timer };
}
