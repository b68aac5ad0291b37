import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { signupFields } from '@common/schemas/signup';
import { renderForm } from '../../test/form-harness';
import { FieldGroupHarness } from '../../test/field-group-harness';
import { FundraisingPageField } from './fundraising-page-field';

const schema = z.object({ justGivingUrl: signupFields.justGivingUrl });

describe('the fundraising page field', () => {
  it('labels the address field and hands on what was typed', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={schema} defaultValues={{ justGivingUrl: '' }} onValid={onValid}>
        {(form) => <FundraisingPageField register={form.register} errors={form.formState.errors} />}
      </FieldGroupHarness>,
    );
    const field = screen.getByLabelText('Fundraising page URL');
    expect(field.getAttribute('type')).toBe('url');
    await user.type(field, 'https://www.justgiving.com/rusty-rockets');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ justGivingUrl: 'https://www.justgiving.com/rusty-rockets' });
  });

  it('shows an error under an address the schema refuses', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={schema} defaultValues={{ justGivingUrl: '' }} onValid={onValid}>
        {(form) => <FundraisingPageField register={form.register} errors={form.formState.errors} />}
      </FieldGroupHarness>,
    );
    await user.type(screen.getByLabelText('Fundraising page URL'), 'not a page');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Fundraising page URL').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('field-justGivingUrl-error')?.textContent).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});
