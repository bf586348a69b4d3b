// The few parts of autocannon 9 this benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  };
  type Result = { errors: number; non2xx: number; requests: { total: number } };
  type Instance = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  export default function autocannon(options: Options): Instance;
}
