// The loopback WebSocket-to-TCP proxy now lives with the local server, which uses it too.
export { startWebSocketProxy } from '../../scripts/lib/ws-proxy.ts';
