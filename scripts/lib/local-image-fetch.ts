import { adminImageRoutes } from '../../functions/admin-images.ts';

// The local server's one exception to the image fetch's address guard, for the browser tests:
// FORKFUL_LOCAL_IMAGE_SERVER=127.0.0.1:PORT lets the admin's image routes (import by address,
// convert temporary images) fetch from that one loopback host and port, so a test's own image
// server stands in for another site. Only this local server reads the variable; the deployed
// function (functions/admin-images.ts's default export) has no such switch, so no deployment
// can loosen the guard. Any other loopback, private or reserved address is still refused.

const HOST_PORT = /^(127\.0\.0\.1):(\d{1,5})$/;

/** The handler overrides for loadApiRouter: none unless the variable names a loopback port. */
export function localImageFetchOverride(
  value = process.env.FORKFUL_LOCAL_IMAGE_SERVER,
): Record<string, ReturnType<typeof adminImageRoutes>> {
  if (!value) return {};
  const match = HOST_PORT.exec(value.trim());
  const port = Number(match?.[2]);
  if (!match || !(port > 0 && port < 65536))
    throw new Error(`FORKFUL_LOCAL_IMAGE_SERVER must be 127.0.0.1:PORT, not "${value}".`);
  console.log(`Images: the admin's image fetch may also reach the test image server ${value}.`);
  return { 'admin-images.ts': adminImageRoutes({ fetch: { exempt: { host: match[1]!, port } } }) };
}
