// The contract every API test's answers are held to (tests/support/openapi-contract.ts): an answer
// the document does not describe fails the test, naming the operation, the status and what differs.
import { describe, expect, it } from 'vitest';
import { fullApi, strictApi } from '../../shared/routes.js';
import { contractFor, type Exchange } from '../support/openapi-contract.js';

const contract = contractFor(fullApi);
const ID = '0193a8c0-0000-7000-8000-000000000001';
const JSON_TYPE = { 'content-type': 'application/json' };

const answer = (exchange: Partial<Exchange> & Pick<Exchange, 'method' | 'path' | 'status'>, body?: unknown): Exchange => ({
  headers: JSON_TYPE,
  text: body === undefined ? '' : JSON.stringify(body),
  ...exchange,
});

const division = { id: ID, name: 'East', users: ['ann@example.com'], employer_ids: [] };
/** A record's answer carries its version. */
const VERSIONED = { ...JSON_TYPE, etag: '"mN3xVersion"' };

describe('the contract of the API tests', () => {
  it('passes an answer the document describes', () => {
    expect(() => contract.check(answer({ method: 'GET', path: `/divisions/${ID.toUpperCase()}/`, status: 200, headers: VERSIONED }, division))).not.toThrow();
    expect(() => contract.check(answer({ method: 'HEAD', path: `/divisions/${ID}/`, status: 200, headers: VERSIONED }))).not.toThrow();
    expect(() =>
      contract.check(answer({ method: 'GET', path: `/divisions/${ID}/`, status: 200, headers: { ...JSON_TYPE, etag: 'unquoted' } }, division)),
    ).toThrow(/the header ETag: unquoted/);
    expect(() => contract.check(answer({ method: 'DELETE', path: `/divisions/${ID}/`, status: 204, headers: {} }))).not.toThrow();
  });

  it('fails an answer whose body does not match, naming the operation, the status and the field', () => {
    expect(() =>
      contract.check(answer({ method: 'GET', path: `/divisions/${ID}/`, status: 200, headers: VERSIONED }, { ...division, users: 'ann@example.com' })),
    ).toThrow(/GET \/divisions\/\{divisionID\}\/ \(divisions\.read\) answered 200, which the OpenAPI document does not describe: body\/users must be array/);
    expect(() => contract.check(answer({ method: 'GET', path: `/divisions/${ID}/`, status: 200, headers: VERSIONED }, { ...division, secret: 1 }))).toThrow(
      /must NOT have additional properties/,
    );
  });

  it('fails a status the operation does not list', () => {
    expect(() => contract.check(answer({ method: 'GET', path: '/divisions/list/', status: 409 }, { detail: 'no' }))).toThrow(
      /\(divisions\.list\) answered 409.*lists no 409 for it/,
    );
  });

  it('fails a 401 without WWW-Authenticate, and a 204 with a body', () => {
    const unauthorized = answer({ method: 'GET', path: '/divisions/list/', status: 401 }, { detail: 'Invalid token.' });
    expect(() => contract.check(unauthorized)).toThrow(/the header WWW-Authenticate is missing/);
    expect(() => contract.check({ ...unauthorized, headers: { ...JSON_TYPE, 'www-authenticate': 'Token' } })).not.toThrow();
    expect(() => contract.check(answer({ method: 'DELETE', path: `/divisions/${ID}/`, status: 204 }, {}))).toThrow(/has no body/);
  });

  it('holds answers to what has no operation to the components: 404 for an unknown path, 405 with Allow', () => {
    expect(() => contract.check(answer({ method: 'GET', path: '/nothing/', status: 404 }, { detail: 'Not found.' }))).not.toThrow();
    expect(() => contract.check(answer({ method: 'GET', path: '/nothing/', status: 200 }, {}))).toThrow(/\(no such path\) answered 200/);
    const notAllowed = answer({ method: 'PATCH', path: '/divisions/list/', status: 405 }, { detail: 'Method "PATCH" not allowed.' });
    expect(() => contract.check(notAllowed)).toThrow(/the header Allow is missing/);
    expect(() => contract.check({ ...notAllowed, headers: { ...JSON_TYPE, allow: 'GET' } })).not.toThrow();
  });

  it("checks each result of a batch as its operation's answer", () => {
    const requestBody = { operations: [{ method: 'PUT', path: `/divisions/${ID}/`, body: {} }] };
    const batch = (result: unknown) => answer({ method: 'POST', path: '/batch/', status: 200, requestBody }, { results: [result] });
    expect(() => contract.check(batch({ status: 200, body: division, headers: { ETag: '"mN3xVersion"' } }))).not.toThrow();
    expect(() => contract.check(batch({ status: 200, body: { ...division, name: 7 }, headers: { ETag: '"mN3xVersion"' } }))).toThrow(
      /PUT \/divisions\/\{divisionID\}\/ \(divisions\.replace\) answered 200/,
    );
  });

  it('checks each record of the changes feed as its GET answers it', () => {
    const page = (record: unknown) => ({
      scope: 's',
      snapshot: null,
      changes: [{ entity: 'division', kind: null, id: ID, op: 'upsert', record }],
      next: 'n',
      complete: true,
    });
    expect(() => contract.check(answer({ method: 'GET', path: '/changes/?since=n', status: 200 }, page(division)))).not.toThrow();
    expect(() => contract.check(answer({ method: 'GET', path: '/changes/', status: 200 }, page({ id: ID })))).toThrow(/body\/changes\/0\/record/);
  });

  it('under --strict-api holds the extensions to 404', () => {
    const strict = contractFor(strictApi);
    expect(() => strict.check(answer({ method: 'GET', path: '/changes/', status: 200 }, {}))).toThrow(/\(no such path\) answered 200/);
    expect(() => strict.check(answer({ method: 'GET', path: '/changes/', status: 404 }, { detail: 'Not found.' }))).not.toThrow();
  });
});
