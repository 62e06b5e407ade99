import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createFormControl, type FieldError as Failure } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { passwordProblems } from '@hearth/contract/accounts';
import { FieldError, failField, failSubmit, filled, invalidIf, messagesOf, SubmitError, submitErrorOf } from './form.tsx';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('a field error', () => {
  test('has no message without an error, and its one message otherwise', () => {
    expect(messagesOf(undefined)).toEqual([]);
    expect(messagesOf({ type: 'too_small', message: 'Name is required' })).toEqual(['Name is required']);
  });

  test('gives every rule broken when the form collects them all, each once', () => {
    const error: Failure = {
      type: 'custom', message: 'first',
      types: { custom: ['first', 'second'], too_small: 'third', other: 'first' },
    };
    expect(messagesOf(error)).toEqual(['first', 'second', 'third']);
  });

  test('shows nothing without an error', () => {
    expect(html(createElement(FieldError, { error: undefined }))).toBe('');
  });

  test('shows one message as text, several as a list, and announces them when asked', () => {
    expect(html(createElement(FieldError, { error: { type: 'x', message: 'Location name is required' } })))
      .toBe('<span class="field-error">Location name is required</span>');
    expect(html(createElement(FieldError, { error: { type: 'x', message: 'Required' }, alert: true })))
      .toBe('<span class="field-error" role="alert">Required</span>');
    expect(html(createElement(FieldError, { error: { type: 'custom', message: 'a', types: { custom: ['a', 'b'] } } })))
      .toBe('<ul class="errors field-error"><li>a</li><li>b</li></ul>');
  });

  test('marks its input invalid only while there is an error', () => {
    expect(invalidIf(undefined)).toBeUndefined();
    expect(invalidIf({ type: 'x', message: 'Required' })).toBe(true);
  });
});

describe('a form built the one way', () => {
  const Fields = z.object({ password: z.string() }).superRefine(({ password }, ctx) => {
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', path: ['password'], message });
  });

  test("lists every rule a value breaks, in the spec's words (criteriaMode 'all' with the zod schema)", async () => {
    const form = createFormControl({ resolver: zodResolver(Fields), criteriaMode: 'all', defaultValues: { password: 'lower' } });
    await form.handleSubmit(() => undefined)();
    expect(messagesOf(form.getFieldState('password').error)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
  });

  test('keeps a failed submit\'s message until the form is submitted again', async () => {
    const form = createFormControl({ defaultValues: { name: 'Ada' } });
    // The banner's message sits beside the fields, under react-hook-form's 'root'.
    const failure = () => form.getFieldState('root.server' as 'name').error;
    let sent = 0;
    const submit = form.handleSubmit(() => {
      sent += 1;
      if (sent === 1) failSubmit(form.setError, 'Failed to create family');
    });
    await submit();
    const errors = { root: { server: failure()! } };
    expect(submitErrorOf(errors)).toBe('Failed to create family');
    expect(html(createElement(SubmitError, { errors }))).toContain('Failed to create family');
    await submit();
    expect(failure()).toBeUndefined();
  });

  test("puts every reason the server gave on its field, until the form is submitted again", async () => {
    const form = createFormControl({ defaultValues: { password: 'weak' } });
    form.register('password');
    let sent = 0;
    const submit = form.handleSubmit(() => {
      sent += 1;
      if (sent === 1) failField(form.setError, 'password', ['Too short', 'No number']);
    });
    await submit();
    const error = form.getFieldState('password').error;
    expect(messagesOf(error)).toEqual(['Too short', 'No number']);
    expect(html(createElement(FieldError, { error }))).toBe('<ul class="errors field-error"><li>Too short</li><li>No number</li></ul>');
    await submit();
    expect(form.getFieldState('password').error).toBeUndefined();
  });

  test('sends a filled field trimmed, and nothing for spaces alone', async () => {
    const form = createFormControl({ defaultValues: { title: '' } });
    const field = form.register('title', filled);
    const input = { name: 'title', type: 'text', value: '' };
    field.ref(input);
    const sent: string[] = [];
    const type = async (value: string) => {
      input.value = value;
      await field.onChange({ target: input, type: 'change' });
      await form.handleSubmit(({ title }) => { sent.push(title); })();
    };
    await type('   ');
    await type('  Costco ');
    expect(sent).toEqual(['Costco']);
  });

  test('shows no banner when nothing failed', () => {
    expect(submitErrorOf({})).toBeUndefined();
    expect(html(createElement(SubmitError, { errors: {} }))).toBe('');
  });
});
