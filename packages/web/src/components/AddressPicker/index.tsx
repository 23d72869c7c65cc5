import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { parseAddress } from '@gw/contracts';
import { AddressDialog, type MapOptions } from './AddressDialog';
import { ADDRESS_LABELS } from './messages';

/** Tiananmen: where the map opens by default. */
export const DEFAULT_CENTER: [number, number] = [116.397428, 39.90923];
export const DEFAULT_CITY = '北京';

type Props = Partial<MapOptions> & {
  /** 'address|lng|lat' */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
};

/**
 * Address field stored as 'address|lng|lat'. With an AMap key it offers a map (click to pick, search in
 * a city, zoom 12); without one, or offline, the same dialog takes a typed address and coordinates.
 *
 * @example <Form.Item name="address"><AddressPicker /></Form.Item>
 */
export function AddressPicker({ value, onChange, disabled, placeholder = ADDRESS_LABELS.placeholder, amapKey, city = DEFAULT_CITY, center = DEFAULT_CENTER }: Props) {
  const [open, setOpen] = useState(false);
  const { address, lng, lat } = parseAddress(value);
  const show = () => !disabled && setOpen(true);
  return (
    <>
      <Space.Compact block>
        <Input
          readOnly
          allowClear={!disabled}
          disabled={disabled}
          value={address}
          placeholder={placeholder}
          title={lng !== null && lat !== null ? `${address} (${lng}, ${lat})` : address}
          onClick={show}
          onChange={(e) => e.target.value === '' && onChange?.('')}
        />
        <Button icon={<EnvironmentOutlined />} disabled={disabled} autoInsertSpace={false} onClick={show}>
          {ADDRESS_LABELS.pick}
        </Button>
      </Space.Compact>
      {open && (
        <AddressDialog
          value={value}
          amapKey={amapKey}
          city={city}
          center={center}
          onCancel={() => setOpen(false)}
          onConfirm={(next) => {
            setOpen(false);
            onChange?.(next);
          }}
        />
      )}
    </>
  );
}

export default AddressPicker;
