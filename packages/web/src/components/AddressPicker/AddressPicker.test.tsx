import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressPicker } from '.';
import type { AMapNamespace } from './amap';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.AMap;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

const open = async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /选择地址/ }));
/** Types a whole value at once (key-by-key typing re-renders the modal per key, which is slow in jsdom). */
const fill = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
/** The dialog's confirm button (a text query: role queries over the modal are slow in jsdom). */
const ok = () => screen.getByText(/^(OK|确 ?定)$/).closest('button')!;

describe('AddressPicker without a map key', () => {
  it('shows the stored address and offers manual address and coordinates', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker amapKey="" value="旧地址|113.1|23.1" onChange={onChange} />);
    expect(screen.getByDisplayValue('旧地址')).toBeInTheDocument();
    await open(user);
    expect(await screen.findByText('地图不可用,请手动填写地址和经纬度')).toBeInTheDocument();
    expect(screen.getByLabelText('地址')).toHaveValue('旧地址');
    fill('地址', '广州市天河区体育西路');
    fill('经度', '113.32');
    fill('纬度', '23.13');
    await user.click(ok());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('广州市天河区体育西路|113.32|23.13'));
  });

  it('refuses coordinates out of range, and one coordinate without the other', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker amapKey="" onChange={onChange} />);
    await open(user);
    await screen.findByLabelText('地址');
    fill('地址', '某地');
    fill('经度', '200');
    fill('纬度', '-95');
    await user.click(ok());
    expect(await screen.findByText('经度应在 -180 到 180 之间')).toBeInTheDocument();
    expect(await screen.findByText('纬度应在 -90 到 90 之间')).toBeInTheDocument();
    fill('纬度', '');
    fill('经度', '113');
    await user.click(ok());
    expect(await screen.findAllByText('请同时填写经度和纬度')).not.toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('needs an address, and stores one without coordinates as address||', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker amapKey="" onChange={onChange} />);
    await open(user);
    await user.click(ok());
    expect(await screen.findByText('请输入地址')).toBeInTheDocument();
    fill('地址', '某地');
    await user.click(ok());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('某地||'));
  });

  it('reads amap_key from /tools/config when no key is given', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { amap_key: '' } }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker />);
    await open(user);
    expect(await screen.findByText('地图不可用,请手动填写地址和经纬度')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/custom/api/v1/tools/config', expect.anything());
  });
});

describe('AddressPicker with a map key', () => {
  it('falls back to manual input when the AMap script cannot load', async () => {
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker amapKey="k1" />);
    await open(user);
    const script = document.head.querySelector('script[src^="https://webapi.amap.com/maps"]') as HTMLScriptElement;
    expect(script.src).toBe('https://webapi.amap.com/maps?v=2.0&key=k1&plugin=AMap.Geocoder,AMap.PlaceSearch');
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('地图不可用,请手动填写地址和经纬度')).toBeInTheDocument();
    expect(screen.getByLabelText('经度')).toBeInTheDocument();
  });

  it('reverse-geocodes a map click at zoom 12 into the fields', async () => {
    let click: ((e: { lnglat: { getLng(): number; getLat(): number } }) => void) | undefined;
    const mapOptions = vi.fn();
    window.AMap = {
      Map: class {
        constructor(_el: HTMLElement, options: unknown) {
          mapOptions(options);
        }
        on(_event: string, handler: typeof click) {
          click = handler;
        }
        add() {}
        setCenter() {}
        destroy() {}
      },
      Marker: class {
        setPosition() {}
      },
      Geocoder: class {
        getAddress(_p: [number, number], done: (s: string, r: unknown) => void) {
          done('complete', { regeocode: { formattedAddress: '广东省广州市天河区体育西路' } });
        }
      },
      PlaceSearch: class {
        search() {}
      },
    } as unknown as AMapNamespace;
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<AddressPicker amapKey="k1" onChange={onChange} />);
    await open(user);
    await screen.findByTestId('amap');
    expect(mapOptions).toHaveBeenCalledWith({ zoom: 12, center: [116.397428, 39.90923] });
    act(() => click!({ lnglat: { getLng: () => 113.3245671, getLat: () => 23.1310001 } }));
    await waitFor(() => expect(screen.getByLabelText('地址')).toHaveValue('广东省广州市天河区体育西路'));
    await user.click(ok());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('广东省广州市天河区体育西路|113.324567|23.131'));
  });
});
