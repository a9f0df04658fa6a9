import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useI18n, useToast } from '@agentflow/shared';
import { useSchemaForm, type FormSchema } from './useSchemaForm';

/** Validates `input` with `schema` (errors shown beside their fields) and, when it passes, sends the parsed data; true once sent. */
export type Submit = <T>(schema: FormSchema<T>, input: unknown, call: (data: T) => Promise<unknown>) => Promise<boolean>;

/**
 * A create-or-edit form of the console: its `values` (from `initial`),
 * `change` (which also clears that field's error), the field `errors`, and
 * `save`, which runs `send` (it calls `submit` with the create or the update
 * schema). Once saved, a toast names the item (`savedKey`, with its trimmed
 * name), the form closes (`onDone`) and the `refresh` queries reload.
 */
export function useEditor<V extends { name: string }>({
  fieldIds,
  initial,
  send,
  savedKey,
  refresh,
  onDone,
}: {
  fieldIds: Record<string, string>;
  initial: V;
  send: (values: V, submit: Submit) => Promise<boolean>;
  savedKey: string;
  refresh: readonly QueryKey[];
  onDone: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { errors, validate, clear } = useSchemaForm(fieldIds);
  const [values, setValues] = useState(initial);

  const submit: Submit = async (schema, input, call) => {
    const data = validate(schema, input);
    if (!data) return false;
    await call(data);
    return true;
  };
  const save = useMutation({
    mutationFn: () => send(values, submit),
    onSuccess: async (saved) => {
      if (!saved) return;
      toast({ title: t(savedKey, { name: values.name.trim() }), variant: 'success' });
      onDone();
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });

  const change = (field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  };
  return { values, change, errors, clear, save };
}
