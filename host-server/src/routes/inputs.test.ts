// Inputs PostgreSQL cannot hold (NUL characters, whole numbers past its `integer`) are refused with
// 400 naming the field on both databases, wherever they come: JSON body, query string or path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/fixtures';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../test-support/testServer';

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
    expect(response.body.message).toBe('version: version must be at most 2147483646');
  });

  // A save stores its version plus one: from 2147483647 that overflowed PostgreSQL's integer (500).
  it('answer 400 for a version with no room for the next one, on a save and on a restore', async () => {
    const save = await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [], version: 2_147_483_647 })
      .expect(400);
    expect(save.body.message).toBe('version: version must be at most 2147483646');
    const revision = await t.http.post(`/api/documents/${documentId}/revisions`).set(auth()).send({}).expect(201);
    const restore = await t.http
      .post(`/api/documents/${documentId}/revisions/${revision.body.revision.id}/restore`)
      .set(auth())
      .send({ version: 2_147_483_647 })
      .expect(400);
    expect(restore.body.message).toBe('version: version must be at most 2147483646');
    // The largest accepted version is an ordinary stale one.
    await t.http
      .put(`/api/documents/${documentId}/annotations`)
      .set(auth())
      .send({ annotations: [], version: 2_147_483_646 })
      .expect(409);
  });
});

describe('deeply nested JSON bodies', () => {
  const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

  it.each([
    ['an array', deepArray],
    ['an object', deepObject],
    ['an array inside a field', `{"email":"a@example.com","password":"Passw0rd-x","x":${deepArray}}`],
  ])('answer 400 on sign-in and on a signed-in route: %s 10,000 levels deep', async (_, body) => {
    const login = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
    expect(login.body.message).toBe('The JSON body is nested too deeply (at most 64 levels of arrays and objects)');
    const profile = await t.http
      .patch('/api/auth/profile')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(profile.body.message).toBe(login.body.message);
  });

  it('still take ordinary bodies, brackets inside strings included', async () => {
    const user = await t.createUser();
    await t.http
      .post('/api/auth/login')
      .send({ email: user.user.email, password: TEST_PASSWORD })
      .expect(200);
    // 90 brackets, but inside a string: they nest nothing.
    const name = `Brackets ${'[{'.repeat(45)}`;
    const renamed = await t.http
      .patch('/api/auth/profile')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ name })
      .expect(200);
    expect(renamed.body.user.name).toBe(name);
  });
});
