/**
 * A worker thread's module, beside the module that starts it: its TypeScript source when the server runs from source
 * (under tsx), or its built file when it runs from the server build, which writes every entry into one folder
 * (api/build-server.ts).
 */
export function workerModuleUrl(name: string, callerUrl: string): string {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl).href;
}
