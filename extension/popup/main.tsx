import { render } from 'preact';
import { App } from './components/app';
import { createConnector } from './connector';
import { createPopupStore, StoreContext } from './store';
import './popup.css';

const store = createPopupStore(createConnector());
const view = new URLSearchParams(location.search).get('view') === 'dashboard' ? 'dashboard' : 'popup';
const root = document.getElementById('app');
if (root === null) throw new Error('popup: #app is missing from index.html');
render(
  <StoreContext.Provider value={store}>
    <App view={view} />
  </StoreContext.Provider>,
  root,
);
void store.load();
