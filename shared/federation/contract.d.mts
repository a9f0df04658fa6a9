export interface RemoteDescriptor {
  /** Container name, a JavaScript identifier. */
  readonly name: string;
  /** Workspace folder of the remote. */
  readonly dir: string;
  /** Default local port (dev server and production serve). */
  readonly port: number;
  /** Environment variable that overrides the remote's manifest URL at serve time. */
  readonly envVar: string;
  /** Route pattern in the shell. */
  readonly route: string;
  /** Exposed module -> source file. */
  readonly exposes: Readonly<Record<string, string>>;
  /** The exposed module the shell renders for the route. */
  readonly page: string;
}
export declare const REMOTES: readonly RemoteDescriptor[];
export declare const SHELL_PORT: number;
export declare const SINGLETONS: readonly string[];
export declare function defaultRemoteUrl(remote: RemoteDescriptor, host?: string): string;
export declare function resolveRemotesMap(env: Record<string, string | undefined>, host?: string): Record<string, string>;
