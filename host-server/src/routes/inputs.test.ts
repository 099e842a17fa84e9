// Inputs PostgreSQL cannot hold (NUL characters, whole numbers past its `integer`) are refused with
// 400 naming the field on both databases, wherever they come: JSON body, query string or path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, type TestServer } from '../test-support/testServer';

let t: TestServer;
let token: string;
let documentId: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestServer();
  ({ token } = await t.createUser({ plan: 'personal' }));
  const uploaded = await t.http
    .post('/api/documents/upload')
    .set(auth())
    .attach('file', await makePdf(1), 'a.pdf')
    .expect(201);
  documentId = uploaded.body.document.id;
});
afterAll(() => t.close());

describe('NUL characters', () => {
  it('in a JSON body answer 400 naming the field', async () => {
    const register = await t.http
      .post('/api/auth/register')
      .send({ name: 'Nul Person', email: 'nul\u0000@example.com', password: 'Str0ng-password' })
      .expect(400);
    expect(register.body.message).toBe('email: must not contain NUL characters');
    const annotations = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [{ type: 'text', contents: 'a\u0000b' }], version: 0 })
      .expect(400);
    expect(annotations.body.message).toBe('annotations.0.contents: must not contain NUL characters');
  });

  it.each(['/api/documents?search=%00', '/api/documents/%00', `/api/documents?page=1&x%00=1`])(
    'in %s answer 400',
    async (path) => {
      const response = await t.http.get(path).set(auth()).expect(400);
      expect(response.body.message).toBe('The address must not contain NUL characters (%00)');
    },
  );
});

describe('whole numbers past PostgreSQL integer', () => {
  it('in the query string answer 400', async () => {
    const response = await t.http.get('/api/documents?page=99999999999').set(auth()).expect(400);
    expect(response.body.message).toBe('page: page must be at most 2147483647');
  });

  it('in a JSON body answer 400', async () => {
    const response = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [], version: 99_999_999_999 })
      .expect(400);
    expect(response.body.message).toBe('version: version must be at most 2147483647');
  });
});
