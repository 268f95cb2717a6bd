import { useConnection } from '../admin/admin-state';

/** Online (with latency), offline or token rejected: refreshed in the background, never in the way. */
export function ConnectionStatus({ env }: { env: string }) {
  const { data, error, isFetching } = useConnection(env);
  if (error) return <span className="connection offline">Not tested: {error.message}</span>;
  if (!data) return <span className="connection">{isFetching ? 'Testing…' : 'Not tested'}</span>;
  if (!data.reachable)
    return (
      <span className="connection offline" title={data.detail}>
        Offline · {data.detail}
      </span>
    );
  if (data.tokenAccepted === false)
    return (
      <span className="connection offline" title={data.detail}>
        Token rejected
      </span>
    );
  return (
    <span className="connection online" title={data.detail}>
      Online · {data.latencyMs} ms
    </span>
  );
}
