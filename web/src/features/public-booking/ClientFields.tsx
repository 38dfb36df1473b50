import { Button, Card, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ClientValues, FormErrors } from './appointmentForm';
import { FormField } from './FormField';

interface ClientFieldsProps {
  clients: ClientValues[];
  errors: FormErrors;
  preferredNameRequired: boolean;
  /** Clients from this index on may be removed (those the visitor added). */
  removableFrom: number;
  onChange: (index: number, client: ClientValues) => void;
  onRemove: (index: number) => void;
}

/** §5: each client's first and last name (required) and preferred name. */
export function ClientFields({
  clients,
  errors,
  preferredNameRequired,
  removableFrom,
  onChange,
  onRemove,
}: ClientFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {clients.map((client, index) => {
        const id = (field: string) => `booking-client-${index}-${field}`;
        const set = (field: keyof ClientValues) => (value: string) => onChange(index, { ...client, [field]: value });
        const title = t('booking.form.client', { number: index + 1 });
        return (
          <Card key={index} className="booking-client" role="group" aria-label={title}>
            <div className="booking-client-head">
              <H3 className="booking-subtitle">{title}</H3>
              {index >= removableFrom && (
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  onClick={() => onRemove(index)}
                  aria-label={t('booking.form.removeClient', { number: index + 1 })}
                >
                  {t('booking.form.remove')}
                </Button>
              )}
            </div>
            <FormField
              id={id('firstName')}
              label={t('booking.form.firstName')}
              value={client.firstName}
              required
              error={errors[`clients.${index}.firstName`]}
              onValueChange={set('firstName')}
              autoComplete={index === 0 ? 'given-name' : 'off'}
              maxLength={100}
            />
            <FormField
              id={id('lastName')}
              label={t('booking.form.lastName')}
              value={client.lastName}
              required
              error={errors[`clients.${index}.lastName`]}
              onValueChange={set('lastName')}
              autoComplete={index === 0 ? 'family-name' : 'off'}
              maxLength={100}
            />
            <FormField
              id={id('preferredName')}
              label={t('booking.form.preferredName')}
              value={client.preferredName}
              required={preferredNameRequired}
              error={errors[`clients.${index}.preferredName`]}
              onValueChange={set('preferredName')}
              autoComplete="off"
              maxLength={100}
            />
          </Card>
        );
      })}
    </>
  );
}
