import { Route, Routes } from 'react-router';
import { renderInShell } from '../../components/ResourceTable/testing';
import MachineToolPage from './MachineToolPage';

/** The 机床 page of box 4, reached by its deep link as the console routes it. */
export function renderMachineToolPage() {
  return renderInShell(
    <Routes>
      <Route path="/device/machinetool/:id" element={<MachineToolPage />} />
    </Routes>,
    '/device/machinetool/4',
  );
}
