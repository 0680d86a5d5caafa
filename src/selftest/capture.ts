/**
 * Collects console errors and warnings, and uncaught errors, while the self-test runs, so the
 * report shows what went wrong around it (a module's hook failing on our documents, a
 * deprecation warning from core). Everything still reaches the real console.
 */

const MAX_LENGTH = 500;

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function line(level: string, args: readonly unknown[]): string {
  const text = `${level}: ${args.map(describe).join(" ")}`;
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}

export interface ConsoleCapture {
  errors: string[];
  stop(): void;
}

export function captureConsole(): ConsoleCapture {
  const errors: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => {
    errors.push(line("error", args));
    original.error.apply(console, args);
  };
  console.warn = (...args: unknown[]) => {
    errors.push(line("warn", args));
    original.warn.apply(console, args);
  };
  const target = typeof window === "undefined" ? null : window;
  const onError = (event: ErrorEvent) => errors.push(line("uncaught", [event.error ?? event.message]));
  const onRejection = (event: PromiseRejectionEvent) => errors.push(line("unhandled rejection", [event.reason]));
  target?.addEventListener("error", onError);
  target?.addEventListener("unhandledrejection", onRejection);
  return {
    errors,
    stop() {
      console.error = original.error;
      console.warn = original.warn;
      target?.removeEventListener("error", onError);
      target?.removeEventListener("unhandledrejection", onRejection);
    },
  };
}
