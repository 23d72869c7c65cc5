import { create } from 'zustand';

export interface ErrorLogEntry {
  err: { message: string; stack?: string };
  /** Where it happened: 'window.onerror', 'unhandledrejection' or the React component stack. */
  info: string;
  url: string;
  /** The component that threw, when React reported it. */
  component?: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog: (entry: ErrorLogEntry) => void;
  clearErrorLog: () => void;
}

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  logs: [],
  addErrorLog: (entry) => set((s) => ({ logs: [...s.logs, entry].slice(-100) })),
  clearErrorLog: () => set({ logs: [] }),
}));
