import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { signupFields } from '@common/schemas/signup';
import { renderForm } from '../../test/form-harness';
import { FieldGroupHarness } from '../../test/field-group-harness';
import { EmergencyContactFields, MedicalFields } from './health-fields';

const health = z.object({
  emergencyContactName: signupFields.emergencyContactName,
  emergencyContactPhone: signupFields.emergencyContactPhone,
  emergencyContactRelationship: signupFields.emergencyContactRelationship,
  dietaryRequirements: signupFields.dietaryRequirements,
  medicalConditions: signupFields.medicalConditions,
});
const blank = {
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  dietaryRequirements: '',
  medicalConditions: '',
};

function renderHealth(onValid: (v: unknown) => void) {
  return renderForm(
    <FieldGroupHarness schema={health} defaultValues={blank} onValid={onValid}>
      {(form) => (
        <>
          <MedicalFields register={form.register} errors={form.formState.errors} />
          <EmergencyContactFields register={form.register} errors={form.formState.errors} />
        </>
      )}
    </FieldGroupHarness>,
  );
}

describe('the health fields', () => {
  it('label the medical and emergency contact fields and hand on what was typed', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderHealth(onValid);
    expect(screen.getByLabelText('Medical conditions').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/^Emergency contact phone/).getAttribute('type')).toBe('tel');
    await user.type(screen.getByLabelText('Dietary requirements'), 'Vegetarian');
    await user.type(screen.getByLabelText('Medical conditions'), 'Asthma');
    await user.type(screen.getByLabelText(/^Emergency contact name/), 'Gran');
    await user.type(screen.getByLabelText(/^Emergency contact phone/), '07700 900789');
    await user.type(screen.getByLabelText(/^Relationship/), 'Grandmother');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({
        dietaryRequirements: 'Vegetarian',
        medicalConditions: 'Asthma',
        emergencyContactRelationship: 'Grandmother',
      }),
    );
  });

  it("mark the emergency contact required and show the schema's messages under each field", async () => {
    const onValid = vi.fn();
    const { user, screen } = renderHealth(onValid);
    expect(screen.getByLabelText(/^Emergency contact name/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Medical conditions').getAttribute('aria-required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.getElementById('field-emergencyContactName-error')?.textContent).toBe('Emergency contact is required');
    expect(document.getElementById('field-emergencyContactPhone-error')?.textContent).toBe('Emergency phone is required');
    expect(document.getElementById('field-emergencyContactRelationship-error')?.textContent).toBe('Relationship is required');
    expect(onValid).not.toHaveBeenCalled();
  });
});
