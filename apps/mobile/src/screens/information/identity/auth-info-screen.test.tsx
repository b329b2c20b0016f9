import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateAuthForm } from '../../../features/identity/auth-form';
import { configEntries, file, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const config = () => ok(configEntries('demo'));

const info = (overrides: Partial<Data<'/information/authInfo'>> = {}): Data<'/information/authInfo'> => ({
  state: 'not_certified',
  realname: '',
  documentType: null,
  documentNumberMasked: '',
  reason: '',
  submittedAt: null,
  reviewedAt: null,
  reviewedBy: null,
  frontImageId: null,
  backImageId: null,
  ...overrides,
});

const requestsTo = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

describe('real-name verification screen', () => {
  it('shows the reviewer reason after a failure, uploads both photos as raw bytes and resubmits', async () => {
    const user = userEvent.setup();
    // The reviewer ended the sentence with a full stop; the message does not double it.
    let state = info({ state: 'failed', reason: 'The photo is blurred.' });
    let uploads = 0;
    const { server } = renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () => ok(state),
      '/upload/image': () => {
        uploads += 1;
        return ok({ id: String(40 + uploads), width: 800, height: 600 });
      },
      '/information/submitAuth': () => {
        state = info({
          state: 'under_review',
          realname: 'An Peeters',
          submittedAt: '2026-11-21T10:00:00.000Z',
        });
        return ok(state);
      },
    });
    expect((await screen.findByTestId('auth-reason')).textContent).toBe(
      'Not passed: The photo is blurred. Correct it and submit again.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit again' }));
    expect(await screen.findByText('Enter your full name as on the document.')).toBeTruthy();
    expect(screen.getAllByText('Choose a photo.')).toHaveLength(2);
    expect(requestsTo(server.requests, '/upload/image')).toHaveLength(0);

    const front = new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'front.jpg', { type: 'image/jpeg' });
    const back = new File([new Uint8Array([0xff, 0xd8, 0xff, 2])], 'back.jpg', { type: 'image/jpeg' });
    await user.type(screen.getByLabelText('Full legal name'), 'An Peeters');
    fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'passport' } });
    await user.type(screen.getByLabelText('Document number'), 'EM123456');
    await user.upload(screen.getByTestId('auth-front'), front);
    await user.upload(screen.getByTestId('auth-back'), back);
    expect(await screen.findByAltText('Preview: Photo of the front')).toBeTruthy();
    await screen.findByAltText('Preview: Photo of the back');
    await user.click(screen.getByRole('button', { name: 'Submit again' }));

    await waitFor(() => expect(requestsTo(server.requests, '/information/submitAuth')).toHaveLength(1));
    const sent = requestsTo(server.requests, '/upload/image');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toBe(front);
    expect(sent[1]?.body).toBe(back);
    expect(sent[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(requestsTo(server.requests, '/information/submitAuth')[0]?.body).toEqual({
      realname: 'An Peeters',
      documentType: 'passport',
      documentNumber: 'EM123456',
      frontImageId: '41',
      backImageId: '42',
    });
    expect(await screen.findByText('Our reviewers are checking your documents.')).toBeTruthy();
    expect(screen.queryByTestId('auth-form')).toBeNull();
  });

  it('refuses a file that is no picture when it is chosen, marking that photo, without a preview', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () => ok(info()),
    });
    const text = new File(['just some notes, not a photo'], 'front.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByTestId('auth-front'), text);
    const input = screen.getByTestId('auth-front');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe(
      'Photo of the front: this file is not a picture. Choose a JPEG, PNG or WebP photo.',
    );
    expect(screen.queryByAltText('Preview: Photo of the front')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('auth-back').getAttribute('aria-invalid')).toBeNull();
    // A picture chosen next clears the mark and shows its preview; nothing was uploaded meanwhile.
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d])], 'f.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Preview: Photo of the front')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(requestsTo(server.requests, '/upload/image')).toHaveLength(0);
  });

  it('marks the ID number with the document named in words, and a refused photo by its side', async () => {
    const user = userEvent.setup();
    let answer: 'number' | 'photo' = 'photo';
    let uploads = 0;
    renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () => ok(info()),
      '/upload/image': () => {
        uploads += 1;
        return answer === 'photo' && uploads === 2
          ? refusal('UPLOAD_IMAGE_INVALID', {}, 400)
          : ok({ id: String(40 + uploads), width: 800, height: 600 });
      },
      '/information/submitAuth': () => refusal('ID_NUMBER_INVALID', { documentType: 'be_national_register' }),
    });
    await user.type(await screen.findByLabelText('Full legal name'), 'An Peeters');
    await user.type(screen.getByLabelText('Document number'), '85073000000');
    await user.upload(
      screen.getByTestId('auth-front'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'a.jpg', { type: 'image/jpeg' }),
    );
    await user.upload(
      screen.getByTestId('auth-back'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 2])], 'b.jpg', { type: 'image/jpeg' }),
    );
    await screen.findByAltText('Preview: Photo of the back');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const back = screen.getByTestId('auth-back');
    await waitFor(() => expect(back.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(back.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The photo is damaged or incomplete. Take it again.',
    );
    expect(screen.getByTestId('auth-front').getAttribute('aria-invalid')).toBeNull();

    answer = 'number';
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const number = screen.getByLabelText('Document number');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    const shown = document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(shown).toBe(
      'This ID number is not valid for the chosen document (Belgian national register number).',
    );
    expect(document.body.textContent).not.toContain('be_national_register');
  });

  it('shows a verified identity without a form', async () => {
    renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () =>
        ok(info({ state: 'authenticated', realname: 'An Peeters', documentNumberMasked: '850101*****3' })),
    });
    expect((await screen.findByTestId('auth-state')).textContent).toContain('Verified');
    expect(screen.getByText('850101*****3')).toBeTruthy();
    expect(screen.queryByTestId('auth-form')).toBeNull();
  });
  it('names the demo desk and translates its catalogued reason, never the raw code', async () => {
    renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () =>
        ok(
          info({
            state: 'failed',
            reason: 'ID_NUMBER_CHECK_FAILED',
            submittedAt: '2026-11-21T10:00:00.000Z',
            reviewedAt: '2026-11-21T10:00:10.000Z',
            reviewedBy: 'demo_desk',
          }),
        ),
    });
    expect((await screen.findByTestId('auth-reason')).textContent).toBe(
      'Not passed: The ID number does not pass the check for its document type. Correct it and submit again.',
    );
    expect(screen.getByTestId('decided-by').textContent).toBe(
      'Decided by Demo desk (automatic in demo mode)',
    );
  });

  it('names no desk when a person decided', async () => {
    renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () =>
        ok(info({ state: 'authenticated', realname: 'An Peeters', reviewedBy: 'staff' })),
    });
    expect((await screen.findByTestId('auth-state')).textContent).toContain('Verified');
    expect(screen.queryByTestId('decided-by')).toBeNull();
  });
});

describe('submitted ID photos', () => {
  const front = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1])], { type: 'image/jpeg' });
  const back = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 2])], { type: 'image/jpeg' });
  let created: Blob[];
  let revoked: string[];

  beforeEach(() => {
    created = [];
    revoked = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return `blob:photo-${created.length}`;
    };
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
    };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const photos = {
    '/api/uploads/41': () => file(front),
    '/api/uploads/42': () => file(back),
  };

  it.each(['under_review', 'authenticated', 'failed'] as const)(
    'shows both photos when %s, fetched with the session headers, and revokes their URLs on leaving',
    async (state) => {
      const { server, unmount } = renderApp('/information/authInfo', {
        '/common/config': config,
        '/information/authInfo': () =>
          ok(info({ state, realname: 'An Peeters', frontImageId: '41', backImageId: '42' })),
        ...photos,
      });
      const frontImage = await screen.findByAltText<HTMLImageElement>('Submitted: Photo of the front');
      const backImage = await screen.findByAltText<HTMLImageElement>('Submitted: Photo of the back');
      const fetched = server.requests.filter((request) => request.path.startsWith('/api/uploads/'));
      expect(fetched.map((request) => [request.path, request.method])).toEqual([
        ['/api/uploads/41', 'GET'],
        ['/api/uploads/42', 'GET'],
      ]);
      expect(fetched[0]?.headers).toMatchObject({ token: 'tok', account: '32470000001' });
      // Each image shows the bytes of its own upload.
      const bytesOf = async (url: string) => {
        const blob = created[Number(url.replace('blob:photo-', '')) - 1];
        return [...new Uint8Array(await blob!.arrayBuffer())];
      };
      expect(await bytesOf(frontImage.getAttribute('src')!)).toEqual([0xff, 0xd8, 0xff, 1]);
      expect(await bytesOf(backImage.getAttribute('src')!)).toEqual([0xff, 0xd8, 0xff, 2]);
      expect(revoked).toEqual([]);
      unmount();
      expect([...revoked].sort()).toEqual(
        [frontImage.getAttribute('src'), backImage.getAttribute('src')].sort(),
      );
    },
  );

  it('shows no photos before any submission', async () => {
    const { server } = renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () => ok(info()),
    });
    expect(await screen.findByTestId('auth-form')).toBeTruthy();
    expect(screen.queryByTestId('auth-photos')).toBeNull();
    expect(server.requests.some((request) => request.path.startsWith('/api/uploads/'))).toBe(false);
  });

  it('says when a photo cannot be loaded, and still shows the other', async () => {
    renderApp('/information/authInfo', {
      '/common/config': config,
      '/information/authInfo': () =>
        ok(info({ state: 'under_review', frontImageId: '41', backImageId: '43' })),
      '/api/uploads/41': () => file(front),
      '/api/uploads/43': () => refusal('UPLOAD_NOT_FOUND'),
    });
    expect(await screen.findByAltText('Submitted: Photo of the front')).toBeTruthy();
    const backFigure = screen.getByTestId('auth-photo-back');
    expect((await within(backFigure).findByRole('alert')).textContent).toBe(
      'This photo could not be loaded.',
    );
  });
});

describe('verification form checks', () => {
  it('needs a name, a number and both photos', () => {
    const photo = new Blob(['x']);
    expect(
      validateAuthForm({
        realname: ' A ',
        documentType: 'passport',
        documentNumber: '1234',
        front: null,
        back: photo,
      }),
    ).toEqual({
      realname: 'authInfo.nameRequired',
      documentNumber: 'authInfo.numberRequired',
      front: 'authInfo.photoRequired',
    });
    expect(
      validateAuthForm({
        realname: 'An',
        documentType: 'passport',
        documentNumber: '12345',
        front: photo,
        back: photo,
      }),
    ).toEqual({});
  });
});
