import Upload from '../../components/Upload';

/** The avatar as one uploaded image: the form keeps its URL, the upload widget a one-file list. */
export function AvatarUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  return (
    <Upload
      listType="picture-card"
      accept="image/*"
      maxSize={2048}
      value={value ? [{ name: 'avatar', url: value }] : []}
      onChange={(files) => onChange?.(files[0]?.url ?? '')}
    />
  );
}
