// One HTTP request to a server on loopback, answered with its status, headers, text and JSON (when it is JSON).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface LoopbackReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
}

export interface LoopbackRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  port?: number;
}

export function sendToLoopback({ method = 'GET', path, headers = {}, body, port }: LoopbackRequest & { port: number }): Promise<LoopbackReply> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        done({ status: res.statusCode!, headers: res.headers, text, json });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}
