/** Where every stage logs. */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  group<T>(name: string, run: () => Promise<T>): Promise<T>;
}
