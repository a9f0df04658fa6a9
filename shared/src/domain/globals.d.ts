// The domain compiles without DOM and Node types, so that nothing here can
// lean on a browser or a server. Two web-standard globals that browsers and
// Node 20 both provide are still fair game; they are declared here to the
// extent the domain uses them (the full types come from lib.dom or @types/node
// in the parts that run the code).
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly username: string;
  readonly password: string;
  search: string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
