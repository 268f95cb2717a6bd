import { proxyFromVariables, type Network } from '../sync/network.js';

/** The command line reaches a remote as curl does: through the proxy HTTPS_PROXY, HTTP_PROXY and NO_PROXY name for it. */
export function cliNetwork(): Network {
  return proxyFromVariables(process.env);
}
