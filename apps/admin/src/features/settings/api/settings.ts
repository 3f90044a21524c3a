import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsSection, SettingsView } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-settings'] as const;

/** GET /api/admin/settings */
export const getSettings = () => http.get<SettingsView>('/api/admin/settings');
export const useSettings = () => useQuery({ queryKey: key, queryFn: getSettings });

export interface SettingsSave {
  section: SettingsSection;
  body: SettingsView[SettingsSection];
}
/** POST /api/admin/settings/:section */
export const saveSettings = ({ section, body }: SettingsSave) =>
  http.post<SettingsSave['body']>(`/api/admin/settings/${section}`, body);
export const useSaveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
};
