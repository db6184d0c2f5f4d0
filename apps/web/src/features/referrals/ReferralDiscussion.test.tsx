import '../../test/enableFilePond';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { detailServer } from '../../test/referralDetailServer';

describe('referral comments and notes', { timeout: 20_000 }, () => {
  it('labels who sees comments and who sees notes', async () => {
    detailServer();
    renderApp('/referrals/view/9');

    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(within(comments).getByText(/Visible to everyone on this referral/)).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Internal notes' });
    expect(within(notes).getByText(/Only your practice sees notes/)).toBeInTheDocument();
  });

  it('comments with an @mention picked from the suggestions, and flags', async () => {
    const { server } = detailServer();
    const { user } = renderApp('/referrals/view/9');

    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(comments).findByText('Can you see her this week?')).toBeInTheDocument();
    // A credential follows the name.
    expect(within(comments).getByText('Lee Harbor, MD')).toBeInTheDocument();
    const box = within(comments).getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Yes, @');
    // Everyone at the practices on the referral, by name; the signed-in author is left out.
    const options = await screen.findByRole('listbox', { name: 'People to mention' });
    await waitFor(() =>
      expect(
        within(options)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alex Moss', 'Lee Harbor']),
    );
    await user.type(box, 'al');
    await waitFor(() =>
      expect(
        within(options)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alex Moss']),
    );
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/referral/9/mentions').at(-1)!.query.get('query')).toBe('al'),
    );
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Yes, @Alex Moss ');
    expect(server.find('GET', '/api/v1/referral/9/mentions').every((r) => r.query.get('practiceId') === '1')).toBe(
      true,
    );
    expect(server.find('GET', '/api/v1/notes/mentions')).toHaveLength(0);

    // People of the other practice on the referral can be mentioned in a comment.
    await user.type(box, 'and @har');
    await user.click(await screen.findByRole('option', { name: 'Lee Harbor' }));
    expect(box).toHaveValue('Yes, @Alex Moss and @Lee Harbor ');

    await user.click(within(comments).getByRole('checkbox', { name: 'Needs a response' }));
    await user.click(within(comments).getByRole('button', { name: 'Send comment' }));

    await waitFor(() => expect(server.find('POST', '/api/v1/referral/9/comments')).toHaveLength(1));
    expect(server.find('POST', '/api/v1/referral/9/comments')[0].body).toEqual({
      practiceId: 1,
      message: 'Yes, @Alex Moss and @Lee Harbor',
      files: [],
      needsResponse: true,
      notifyPracticeUsers: false,
      usersMentioned: [8, 31],
    });
    expect(await within(comments).findByText('Yes, @Alex Moss and @Lee Harbor')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('asks for a message or a file, and replies in a thread', async () => {
    const { server } = detailServer();
    const { user } = renderApp('/referrals/view/9');
    const comments = await screen.findByRole('region', { name: 'Comments' });
    await within(comments).findByText('Can you see her this week?');

    await user.click(within(comments).getByRole('button', { name: 'Send comment' }));
    expect(await within(comments).findByText('Write a message or attach a file')).toBeInTheDocument();

    await user.click(within(comments).getByRole('button', { name: 'Reply to Lee Harbor' }));
    const reply = within(comments).getByRole('form', { name: 'Reply to Lee Harbor' });
    await user.type(within(reply).getByRole('textbox', { name: 'Reply to Lee Harbor' }), 'Thursday works');
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));

    const thread = await within(comments).findByRole('region', { name: 'Replies to Lee Harbor' });
    expect(await within(thread).findByText('Thursday works')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/referral/9/comments')[0].body).toMatchObject({
      message: 'Thursday works',
      parentId: 1,
    });
    expect(within(comments).queryByRole('form', { name: 'Reply to Lee Harbor' })).not.toBeInTheDocument();
  });

  it('lets only the author edit or delete a note, asking before deleting', async () => {
    const { server } = detailServer();
    const { user } = renderApp('/referrals/view/9');
    const notes = await screen.findByRole('region', { name: 'Internal notes' });

    const mine = await within(notes).findByRole('article', { name: /^Pat Rivers/ });
    const theirs = within(notes).getByRole('article', { name: /^Alex Moss/ });
    expect(within(theirs).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Edit your note' }));
    const edit = within(notes).getByRole('textbox', { name: 'Edit note' });
    expect(edit).toHaveValue('Called the patient');
    await user.type(edit, ' twice');
    await user.click(within(notes).getByRole('button', { name: 'Save note' }));
    expect(await within(notes).findByText('Called the patient twice')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/note/1')[0].body).toEqual({
      message: 'Called the patient twice',
      usersMentioned: [],
    });

    await user.click(within(notes).getByRole('button', { name: 'Delete your note' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('DELETE', '/api/v1/note/1')).toHaveLength(0);

    await user.click(within(notes).getByRole('button', { name: 'Delete your note' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(within(notes).queryByText('Called the patient twice')).not.toBeInTheDocument());
    expect(server.find('DELETE', '/api/v1/note/1')).toHaveLength(1);
  });

  it('adds a note mentioning someone of the practice', async () => {
    const { server } = detailServer();
    const { user } = renderApp('/referrals/view/9');
    const notes = await screen.findByRole('region', { name: 'Internal notes' });
    await within(notes).findByText('Insurance checked');

    const box = within(notes).getByRole('textbox', { name: 'Note' });
    // A note stays inside the practice: the other practice's people are not offered.
    await user.type(box, '@har');
    await waitFor(() => expect(server.find('GET', '/api/v1/notes/mentions').at(-1)?.query.get('query')).toBe('har'));
    expect(screen.queryByRole('option', { name: 'Lee Harbor' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/referral/9/mentions')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, '@ale');
    await user.click(await screen.findByRole('option', { name: 'Alex Moss' }));
    await user.type(box, 'please call her');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));

    expect(await within(notes).findByText('@Alex Moss please call her')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/notes')[0].body).toEqual({
      referralId: 9,
      practiceId: 1,
      message: '@Alex Moss please call her',
      usersMentioned: [8],
    });
  });
});
