/**
 * The client side of an input's idle timeout: it runs from when the input appears until the visitor types
 * or pastes in it, or answers (`stop`), and calls `onIdle` once if neither happens in time. The server checks the
 * deadline again, so a fast clock here can do no more than get a refusal.
 */
export function startIdleTimer(inputElement: HTMLElement, seconds: number, onIdle: () => void): () => void {
  const stop = () => {
    clearTimeout(timer);
    inputElement.removeEventListener("keydown", stop, true);
    inputElement.removeEventListener("input", stop, true);
  };
  const timer = setTimeout(() => {
    stop();
    onIdle();
  }, seconds * 1000);
  // Typing, pasting or picking a value all count as the visitor being there.
  inputElement.addEventListener("keydown", stop, true);
  inputElement.addEventListener("input", stop, true);
  return stop;
}
