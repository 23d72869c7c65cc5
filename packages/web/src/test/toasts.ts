import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../utils/notify';

/**
 * For a test file that checks which toasts its code shows: every test finds `toast.success/error/warning/info`
 * replaced by spies that record instead of drawing, put back after the test. Spying on the one toast object,
 * rather than replacing the module, lets the file share its worker with others.
 */
export function recordToasts(): void {
  beforeEach(() => {
    for (const kind of ['success', 'error', 'warning', 'info'] as const) vi.spyOn(toast, kind).mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
