import { describe } from 'vitest';
import { isPublicAddress } from '../../functions/_shared/images/address-policy.ts';
import { itMaps } from '../helpers/table.ts';

// The server-side fetch's address policy, as a pure function: public unicast addresses only.
// No traffic: these are strings.

describe('isPublicAddress', () => {
  itMaps(
    isPublicAddress,
    [
      // Link-local, cloud metadata among it
      ['169.254.169.254', false],
      ['169.254.0.1', false],
      ['169.254.255.255', false],
      ['fe80::1', false],
      ['::ffff:169.254.169.254', false],
      ['::ffff:a9fe:a9fe', false],
      // Loopback, private, shared, reserved, multicast
      ['127.0.0.1', false],
      ['127.0.0.2', false],
      ['::1', false],
      ['10.1.2.3', false],
      ['172.16.0.1', false],
      ['172.31.255.255', false],
      ['192.168.1.1', false],
      ['100.64.0.1', false],
      ['0.0.0.0', false],
      ['224.0.0.1', false],
      ['255.255.255.255', false],
      ['fd00::1', false],
      ['64:ff9b::a9fe:a9fe', false],
      ['2002:a9fe:a9fe::1', false],
      ['[::1]', false],
      ['not an address', false],
      // Public unicast
      ['169.253.255.255', true],
      ['169.255.0.1', true],
      ['172.32.0.1', true],
      ['8.8.8.8', true],
      ['93.184.216.34', true],
      ['2606:4700:4700::1111', true],
      ['::ffff:8.8.8.8', true],
    ],
    '%s → %s',
  );
});
